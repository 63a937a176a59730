import XCTest
@testable import PhotoLibrary

/// A fetch's assets in runs of the same local day: both ways of reading the dates agree, in the fetch's order.
final class DayRunTests: LibraryTestCase {
    func testRunsFollowTheGivenOrderInTheViewersTimeZone() throws {
        let day = 86_400.0
        // 2022-06-05 23:30 UTC is the 6th in UTC+1; two undated assets; one day twice, apart.
        let dates: [Date?] = [Date(timeIntervalSince1970: 19_148 * day + 23.5 * 3600), Date(timeIntervalSince1970: 19_148 * day + 3600),
                              nil, Date(timeIntervalSince1970: 19_000 * day), nil, Date(timeIntervalSince1970: 19_148 * day + 7200)]
        try addPhotos(dates)
        let ids = try library.assetRowIDs(AssetQuery(scope: .all, sort: [], includeHiddenAssets: true))
        let byDate = Dictionary(uniqueKeysWithValues: try library.assets(rowIDs: ids).map { ($0.key, $0.value.creationDate) })
        let order = ids.reversed().map { $0 }   // any order: the runs follow it
        for offset in [0, 3600, -5 * 3600] {
            var expected: [DayRun] = []
            for id in order {
                let day = byDate[id]!.map { Int((($0.timeIntervalSince1970 + Double(offset)) / day).rounded(.down)) }
                if expected.last?.day == day { expected[expected.count - 1].count += 1 } else { expected.append(DayRun(day: day, count: 1)) }
            }
            XCTAssertEqual(try library.dayRuns(rowIDs: order, utcOffset: offset, scanFrom: .max), expected, "looked up")
            XCTAssertEqual(try library.dayRuns(rowIDs: order, utcOffset: offset, scanFrom: 0), expected, "scanned")
        }
        // An id that no longer exists counts as undated, so the counts still add up.
        XCTAssertEqual(try library.dayRuns(rowIDs: [999_999], utcOffset: 0, scanFrom: 0), [DayRun(day: nil, count: 1)])
        XCTAssertEqual(try library.dayRuns(rowIDs: [999_999], utcOffset: 0, scanFrom: .max), [DayRun(day: nil, count: 1)])
        XCTAssertEqual(try library.dayRuns(rowIDs: [], utcOffset: 0), [])
    }
}
