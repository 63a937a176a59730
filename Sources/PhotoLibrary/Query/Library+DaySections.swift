import Foundation
import GRDB

/// A run of consecutive assets of a fetch whose creation dates fall on the same local calendar day: what a
/// timeline shows under one day header.
public struct DayRun: Sendable, Equatable {
    /// Days since 1970-01-01 in the viewer's local time; nil for assets without a creation date.
    public var day: Int?
    /// How many consecutive assets of the fetch fall on that day.
    public var count: Int

    public init(day: Int?, count: Int) { self.day = day; self.count = count }
}

extension Library {
    /// The assets `rowIDs` (in that order, as a fetch snapshot holds them) grouped into runs of the same local
    /// day, for a viewer `utcOffset` seconds east of UTC. Runs follow the given order exactly, so a date-sorted
    /// fetch gives one run per day, and the counts always add up to `rowIDs.count` (rows deleted since the
    /// snapshot count as undated).
    public func dayRuns(rowIDs: [Int64], utcOffset: Int) throws(LibraryError) -> [DayRun] {
        try dayRuns(rowIDs: rowIDs, utcOffset: utcOffset, scanFrom: Self.dayRunScanThreshold)
    }

    /// `dayRuns(rowIDs:utcOffset:)`, reading the whole table once from `scanFrom` ids on (tests try both ways).
    func dayRuns(rowIDs: [Int64], utcOffset: Int, scanFrom: Int) throws(LibraryError) -> [DayRun] {
        try read { db in
            let offset = Double(utcOffset)
            var runs: [DayRun] = []
            func append(_ seconds: Double?) {
                let day = seconds.map { Int((($0 + offset) / 86_400).rounded(.down)) }
                if let last = runs.last, last.day == day { runs[runs.count - 1].count += 1 } else { runs.append(DayRun(day: day, count: 1)) }
            }
            if rowIDs.count < scanFrom {
                // A few ids: look them up in the snapshot's order (json_each keeps the array order in its key).
                let cursor = try Double?.fetchCursor(db, sql: """
                    SELECT a.creation_date FROM json_each(?) j LEFT JOIN asset a ON a.id = j.value ORDER BY j.key
                    """, arguments: [AssetQuery.jsonArray(rowIDs)])
                while let seconds = try cursor.next() { append(seconds) }
            } else {
                // Most of the library: one raw pass over the table into a dense id → date array, then the ids.
                let maxID = try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM asset") ?? 0
                var dates = [Double](repeating: .nan, count: Int(maxID) + 1)
                let scan = try BulkStatement(db, "SELECT id, creation_date FROM asset")
                try scan.forEachRow(db) { row in
                    if let id = BulkStatement.int64(row, 0), id >= 0, id <= maxID, let seconds = BulkStatement.double(row, 1) { dates[Int(id)] = seconds }
                }
                for id in rowIDs {
                    let seconds = id >= 0 && id <= maxID ? dates[Int(id)] : .nan
                    append(seconds.isNaN ? nil : seconds)
                }
            }
            return runs
        }
    }

    /// From this many ids on, reading the whole table once beats looking each id up.
    static let dayRunScanThreshold = 20_000
}
