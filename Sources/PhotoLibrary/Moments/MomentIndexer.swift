import Foundation
import GRDB

/// What changed in the assets that moments depend on during one transaction.
struct MomentWork {
    /// Creation dates (seconds since 1970) around which moments must be re-clustered.
    var dates: Set<Double> = []
    /// Moments that held a changed asset.
    var moments: Set<Int64> = []
    /// Row ids of the assets created or changed (their moment is decided again).
    var assets: Set<Int64> = []

    mutating func touch(_ row: ChangeTransaction.AssetRow) {
        if let date = row.date { dates.insert(date) }
        if let moment = row.moment { moments.insert(moment) }
        assets.insert(row.id)
    }

    var isEmpty: Bool { dates.isEmpty && moments.isEmpty }
}

/// Collections created, changed or removed while keeping moments current.
struct CollectionChanges {
    var inserted: Set<Int64> = []
    var updated: Set<Int64> = []
    var deleted: Set<Int64> = []

    mutating func formUnion(_ other: CollectionChanges) {
        inserted.formUnion(other.inserted); updated.formUnion(other.updated); deleted.formUnion(other.deleted)
    }
}

/// Keeps moments and moment lists current incrementally. Both rules are pairwise over the timeline (see
/// `MomentRules`), so a change at one date can only change the links between it and its neighbours: each window of
/// changed dates is re-chained with the visible item just before and just after it, and the groups at its edges
/// keep, merge or split their members by one statement each. The work is proportional to what changed, not to the
/// size of the moment it lands in (a day of 30,000 photos re-clustered whole on every import before).
enum MomentIndexer {
    static func update(_ db: Database, work: MomentWork) throws -> CollectionChanges {
        guard !work.isEmpty else { return CollectionChanges() }
        // Assets that left the timeline (trashed, hidden, undated) belong to no moment.
        if !work.assets.isEmpty {
            try db.execute(sql: """
                UPDATE asset SET moment_id = NULL WHERE id IN (SELECT value FROM json_each(?)) AND moment_id IS NOT NULL
                    AND (trashed_date IS NOT NULL OR is_hidden != 0 OR creation_date IS NULL)
                """, arguments: [AssetQuery.jsonArray(Array(work.assets))])
        }
        let moments = try reclusterWindows(.moments, db, dates: work.dates, changed: work.assets, groups: work.moments)
        var changes = moments.changes
        guard let lo = moments.dates.min(), let hi = moments.dates.max() else { return changes }
        changes.formUnion(try reclusterWindows(.clusterLists, db, dates: moments.dates,
                                               changed: moments.changes.inserted.union(moments.changes.updated),
                                               groups: moments.parentsOfDeleted).changes)
        changes.formUnion(try refreshYearLists(db, lo: lo, hi: hi))
        return changes
    }

    /// Rebuilds every moment and moment list from scratch (used after bulk loads).
    static func rebuildAll(_ db: Database) throws {
        guard let row = try Row.fetchOne(db, sql: "SELECT min(creation_date), max(creation_date) FROM asset"),
              let lo: Double = row[0], let hi: Double = row[1] else { return }
        let moments = try recluster(.moments, db, lo: lo, hi: hi)
        _ = try recluster(.clusterLists, db, lo: moments.lo, hi: moments.hi)
        _ = try refreshYearLists(db, lo: moments.lo, hi: moments.hi)
    }

    // MARK: Windowed re-clustering

    /// One level of the hierarchy: assets grouped into moments, or moments grouped into cluster lists.
    struct Level: Sendable {
        let items: String        // rows (id, start, end, lat, lon, group) with start in [?, ?], ordered
        let before: String       // the last item starting before ?
        let after: String        // the first item starting after ?
        let groupFilter: String  // SQL selecting this level's group rows in `collection`
        let membershipTable: String
        let membershipColumn: String
        let groupKind: Int, groupType: Int, groupSubtype: Int
        let joins: @Sendable (TimelineItem, TimelineItem) -> Bool
        /// The member table's columns for an item's start and end, and the condition for a row to be an item.
        let startColumn: String, endColumn: String, itemFilter: String
        /// The column of a group's row naming its group on the level above (nil at the top).
        let parentColumn: String?

        static let moments = Level(
            items: "SELECT id, creation_date, creation_date, latitude, longitude, moment_id FROM asset WHERE trashed_date IS NULL AND is_hidden = 0 AND creation_date BETWEEN ? AND ? ORDER BY creation_date, id",
            before: "SELECT id, creation_date, creation_date, latitude, longitude, moment_id FROM asset WHERE trashed_date IS NULL AND is_hidden = 0 AND creation_date < ? ORDER BY creation_date DESC, id DESC LIMIT 1",
            after: "SELECT id, creation_date, creation_date, latitude, longitude, moment_id FROM asset WHERE trashed_date IS NULL AND is_hidden = 0 AND creation_date > ? ORDER BY creation_date, id LIMIT 1",
            groupFilter: "kind = 1 AND type = 3", membershipTable: "asset", membershipColumn: "moment_id",
            groupKind: 1, groupType: CollectionRaw.moment, groupSubtype: CollectionRaw.albumRegular, joins: MomentRules.assetsJoin,
            startColumn: "creation_date", endColumn: "creation_date", itemFilter: "trashed_date IS NULL AND is_hidden = 0 AND creation_date IS NOT NULL",
            parentColumn: "cluster_list_id")

        static let clusterLists = Level(
            items: "SELECT id, start_date, end_date, latitude, longitude, cluster_list_id FROM collection WHERE kind = 1 AND type = 3 AND start_date BETWEEN ? AND ? ORDER BY start_date, id",
            before: "SELECT id, start_date, end_date, latitude, longitude, cluster_list_id FROM collection WHERE kind = 1 AND type = 3 AND start_date < ? ORDER BY start_date DESC, id DESC LIMIT 1",
            after: "SELECT id, start_date, end_date, latitude, longitude, cluster_list_id FROM collection WHERE kind = 1 AND type = 3 AND start_date > ? ORDER BY start_date, id LIMIT 1",
            groupFilter: "kind = 2 AND type = 1 AND subtype = 1", membershipTable: "collection", membershipColumn: "cluster_list_id",
            groupKind: 2, groupType: CollectionRaw.momentList, groupSubtype: CollectionRaw.momentListCluster, joins: MomentRules.momentsJoin,
            startColumn: "start_date", endColumn: "end_date", itemFilter: "kind = 1 AND type = 3", parentColumn: nil)
    }

    struct Result {
        var changes = CollectionChanges()
        var lo: Double
        var hi: Double
    }

    /// Re-clusters the whole groups around `lo`...`hi` (bulk loads: `rebuildAll`, `BulkMoments`).
    static func recluster(_ level: Level, _ db: Database, lo: Double, hi: Double) throws -> Result {
        var lo = lo, hi = hi
        var items: [TimelineItem] = []
        // Grow the window until both edges are true boundaries and it holds whole groups.
        while true {
            if let row = try Row.fetchOne(db, sql: "SELECT min(start_date), max(end_date) FROM collection WHERE \(level.groupFilter) AND start_date <= ? AND end_date >= ?", arguments: [hi, lo]),
               let start: Double = row[0], let end: Double = row[1] {
                lo = min(lo, start); hi = max(hi, end)
            }
            items = try fetchItems(db, level.items, [lo, hi])
            let previous = try fetchItems(db, level.before, [lo]).first
            let next = try fetchItems(db, level.after, [hi]).first
            var grew = false
            if let previous, let first = items.first ?? next, level.joins(previous, first), previous.start < lo {
                lo = previous.start; grew = true
            }
            if let next, let last = items.last ?? previous, level.joins(last, next), next.start > hi {
                hi = next.start; grew = true
            }
            if !grew { break }
        }

        var result = Result(lo: lo, hi: hi)
        let affected = Set(try Int64.fetchAll(db, sql: "SELECT id FROM collection WHERE \(level.groupFilter) AND start_date <= ? AND end_date >= ?", arguments: [hi, lo]))
        let oldCounts = try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT id, cached_count, start_date, end_date FROM collection WHERE id IN (SELECT value FROM json_each(?))",
                                                                          arguments: [AssetQuery.jsonArray(Array(affected))]).map { row in
            (row[0] as Int64, (row[1] as Int, row[2] as Double?, row[3] as Double?))
        })

        let groups = chainClusters(items, joins: level.joins)
        let reused = reuseGroupIDs(groups)
        try db.execute(sql: "UPDATE \(level.membershipTable) SET \(level.membershipColumn) = NULL WHERE \(level.membershipColumn) IN (SELECT value FROM json_each(?))",
                       arguments: [AssetQuery.jsonArray(Array(affected))])
        let now = Date().timeIntervalSince1970
        var kept = Set<Int64>()
        for (group, reuse) in zip(groups, reused) {
            let start = group.first!.start, end = group.map(\.end).max()!
            let located = group.compactMap(\.location)
            let lat = located.isEmpty ? nil : located.map(\.latitude).reduce(0, +) / Double(located.count)
            let lon = located.isEmpty ? nil : located.map(\.longitude).reduce(0, +) / Double(located.count)
            let id: Int64
            if let reuse {
                id = reuse
                kept.insert(reuse)
                let old = oldCounts[reuse]
                let unchanged = old?.0 == group.count && old?.1 == start && old?.2 == end && group.allSatisfy { $0.group == reuse }
                if !unchanged {
                    try db.execute(sql: "UPDATE collection SET start_date = ?, end_date = ?, cached_count = ?, latitude = ?, longitude = ?, modification_date = ? WHERE id = ?",
                                   arguments: [start, end, group.count, lat, lon, now, reuse])
                    result.changes.updated.insert(reuse)
                }
            } else {
                try db.execute(sql: """
                    INSERT INTO collection (identifier, kind, type, subtype, start_date, end_date, cached_count, latitude, longitude, creation_date, modification_date)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [LocalIdentifier.make(level.groupKind == 1 ? .assetCollection : .collectionList), level.groupKind, level.groupType,
                                     level.groupSubtype, start, end, group.count, lat, lon, now, now])
                id = db.lastInsertedRowID
                result.changes.inserted.insert(id)
            }
            try db.execute(sql: "UPDATE \(level.membershipTable) SET \(level.membershipColumn) = ? WHERE id IN (SELECT value FROM json_each(?))",
                           arguments: [id, AssetQuery.jsonArray(group.map(\.id))])
        }
        let gone = affected.subtracting(kept)
        if !gone.isEmpty {
            try db.execute(sql: "DELETE FROM collection WHERE id IN (SELECT value FROM json_each(?))", arguments: [AssetQuery.jsonArray(Array(gone))])
            result.changes.deleted.formUnion(gone)
        }
        return result
    }

    static func fetchItems(_ db: Database, _ sql: String, _ arguments: StatementArguments) throws -> [TimelineItem] {
        try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
            let location: GeoPoint? = {
                guard let lat: Double = row[3], let lon: Double = row[4] else { return nil }
                return GeoPoint(latitude: lat, longitude: lon)
            }()
            return TimelineItem(id: row[0], start: row[1], end: row[2], location: location, group: row[5])
        }
    }

    // MARK: Year lists

    /// Re-derives the year lists for every calendar year the window touches.
    static func refreshYearLists(_ db: Database, lo: Double, hi: Double) throws -> CollectionChanges {
        var changes = CollectionChanges()
        guard lo.isFinite, hi.isFinite else { return changes }
        let calendar = Calendar.current
        let now = Date().timeIntervalSince1970
        for year in MomentRules.year(lo)...MomentRules.year(hi) {
            let yearStart = calendar.date(from: DateComponents(year: year, month: 1, day: 1))!.timeIntervalSince1970
            let yearEnd = calendar.date(from: DateComponents(year: year + 1, month: 1, day: 1))!.timeIntervalSince1970
            let summary = try Row.fetchOne(db, sql: "SELECT count(*), min(start_date), max(end_date) FROM collection WHERE kind = 1 AND type = 3 AND start_date >= ? AND start_date < ?",
                                           arguments: [yearStart, yearEnd])!
            let count: Int = summary[0]
            let existing = try Row.fetchOne(db, sql: "SELECT id, cached_count, start_date, end_date FROM collection WHERE kind = 2 AND type = 1 AND subtype = 2 AND title = ?", arguments: ["\(year)"])
            if count == 0 {
                if let existing {
                    try db.execute(sql: "DELETE FROM collection WHERE id = ?", arguments: [existing[0] as Int64])
                    changes.deleted.insert(existing[0])
                }
                continue
            }
            let listID: Int64
            if let existing {
                listID = existing[0]
                if (existing[1] as Int) != count || (existing[2] as Double?) != summary[1] || (existing[3] as Double?) != summary[2] {
                    try db.execute(sql: "UPDATE collection SET cached_count = ?, start_date = ?, end_date = ?, modification_date = ? WHERE id = ?",
                                   arguments: [count, summary[1] as Double?, summary[2] as Double?, now, listID])
                    changes.updated.insert(listID)
                }
            } else {
                try db.execute(sql: """
                    INSERT INTO collection (identifier, kind, type, subtype, title, start_date, end_date, cached_count, creation_date)
                    VALUES (?, 2, 1, 2, ?, ?, ?, ?, ?)
                    """, arguments: [LocalIdentifier.make(.collectionList), "\(year)", summary[1] as Double?, summary[2] as Double?, count, now])
                listID = db.lastInsertedRowID
                changes.inserted.insert(listID)
            }
            try db.execute(sql: "UPDATE collection SET year_list_id = ? WHERE kind = 1 AND type = 3 AND start_date >= ? AND start_date < ? AND year_list_id IS NOT ?",
                           arguments: [listID, yearStart, yearEnd, listID])
        }
        return changes
    }
}
