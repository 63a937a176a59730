import XCTest
import GRDB
@testable import PhotoLibrary

final class MomentTests: LibraryTestCase {
    func testAssetsWithinTwoHoursShareAMoment() throws {
        let ids = try addPhotos([date(0), date(1), date(2.5), date(10), date(10.5)])
        XCTAssertEqual(try momentMembers(), [[ids[0], ids[1], ids[2]], [ids[3], ids[4]]])
    }

    func testDistantPlacesSplitAMoment() throws {
        let paris = GeoPoint(latitude: 48.8566, longitude: 2.3522), london = GeoPoint(latitude: 51.5074, longitude: -0.1278)
        let ids = try addPhotos([date(0), date(0.5), date(1)], locations: [paris, london, nil])
        XCTAssertEqual(try momentMembers(), [[ids[0]], [ids[1], ids[2]]])
    }

    func testHiddenAndUndatedAssetsAreInNoMoment() throws {
        let ids = try addPhotos([date(0), nil, date(1)], hidden: [2])
        XCTAssertEqual(try momentMembers(), [[ids[0]]])
    }

    func testIncrementalUpdatesMatchAFullRebuild() throws {
        // A timeline with gaps around the 2-hour rule, then edits that merge, split and empty moments.
        let hours: [Double] = [0, 1.9, 3.8, 6, 20, 21, 45, 46.5, 48, 100, 101, 150]
        let ids = try addPhotos(hours.map(date))
        try library.apply(ChangeBatch(operations: [
            .editAsset(identifier: ids[4], AssetEdits(creationDate: .some(date(7.5)))),   // joins the moment at 6
            .trashAssets([ids[1]]),                                                      // splits 0 | 3.8 …
            .editAsset(identifier: ids[9], AssetEdits(isHidden: true)),
            .editAsset(identifier: ids[11], AssetEdits(creationDate: .some(date(102)))),  // joins 100, 101
        ]))
        let incremental = try momentMembers()
        try library.write { db in
            try db.execute(sql: "UPDATE asset SET moment_id = NULL")
            try db.execute(sql: "DELETE FROM collection WHERE (kind = 1 AND type = 3) OR (kind = 2 AND type = 1)")   // moments and moment lists
            try MomentIndexer.rebuildAll(db)
        }
        XCTAssertEqual(incremental, try momentMembers())
        XCTAssertEqual(incremental, [[ids[0]], [ids[2]], [ids[3], ids[4]], [ids[5]], [ids[6], ids[7], ids[8]], [ids[10], ids[11]]])
    }

    func testMomentIdentifiersSurviveUnrelatedEdits() throws {
        let ids = try addPhotos([date(0), date(1), date(50)])
        let before = try library.read { try String.fetchAll($0, sql: "SELECT identifier FROM collection WHERE type = 3 ORDER BY start_date") }
        try library.apply(ChangeBatch(operations: [.editAsset(identifier: ids[1], AssetEdits(isFavorite: true))]))
        try addPhotos([date(1.5)])
        let after = try library.read { try String.fetchAll($0, sql: "SELECT identifier FROM collection WHERE type = 3 ORDER BY start_date") }
        XCTAssertEqual(before, after, "a moment keeps its identifier while it keeps its members")
    }

    func testYearAndClusterListsFollowMoments() throws {
        let newYearsEve = Date(timeIntervalSince1970: 1_704_020_400)   // 2023-12-31 11:00 UTC
        try addPhotos([newYearsEve, newYearsEve.addingTimeInterval(3 * 86_400), newYearsEve.addingTimeInterval(40 * 86_400)])
        let years = try library.read { try String.fetchAll($0, sql: "SELECT title FROM collection WHERE kind = 2 AND type = 1 AND subtype = 2 ORDER BY start_date") }
        XCTAssertEqual(years.count, Set(years).count)
        XCTAssertTrue(years.contains("2024"))
        let orphanMoments = try count("SELECT count(*) FROM collection WHERE type = 3 AND kind = 1 AND (year_list_id IS NULL OR cluster_list_id IS NULL)")
        XCTAssertEqual(orphanMoments, 0, "every moment is in one year list and one cluster list")
        let clusters = try count("SELECT count(*) FROM collection WHERE kind = 2 AND type = 1 AND subtype = 1")
        XCTAssertEqual(clusters, 3, "moments days apart in different months are separate clusters")
    }
}
