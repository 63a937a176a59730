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
        try read { db in
            // One pass in the snapshot's order: json_each keeps the array order in its key.
            let cursor = try Row.fetchCursor(db, sql: """
                SELECT a.creation_date FROM json_each(?) j LEFT JOIN asset a ON a.id = j.value ORDER BY j.key
                """, arguments: [AssetQuery.jsonArray(rowIDs)])
            var runs: [DayRun] = []
            let offset = Double(utcOffset)
            while let row = try cursor.next() {
                let seconds: Double? = row[0]
                let day = seconds.map { Int(((($0 + offset) / 86_400)).rounded(.down)) }
                if let last = runs.last, last.day == day { runs[runs.count - 1].count += 1 } else { runs.append(DayRun(day: day, count: 1)) }
            }
            return runs
        }
    }
}
