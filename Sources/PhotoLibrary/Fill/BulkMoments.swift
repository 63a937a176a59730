import Foundation
import GRDB

extension MomentIndexer {
    /// Rebuilds every moment and moment list, giving the same result as `rebuildAll` (same `MomentRules`,
    /// same reuse of existing moment rows) but in one pass suited to millions of assets: the timeline is
    /// read once through the C API, clustered in memory, and memberships are written with one prepared
    /// statement, only for assets whose moment changed. Cluster and year lists (a few thousand rows at most)
    /// then go through the regular indexer.
    static func rebuildAllBulk(_ db: Database) throws {
        // Assets that cannot be in a moment lose it.
        try db.execute(sql: "UPDATE asset SET moment_id = NULL WHERE moment_id IS NOT NULL AND (trashed_date IS NOT NULL OR is_hidden = 1 OR creation_date IS NULL)")

        var items: [TimelineItem] = []
        items.reserveCapacity(try Int.fetchOne(db, sql: "SELECT count(*) FROM asset") ?? 0)
        let read = try BulkStatement(db, "SELECT id, creation_date, latitude, longitude, moment_id FROM asset WHERE trashed_date IS NULL AND is_hidden = 0 AND creation_date IS NOT NULL ORDER BY creation_date, id")
        try read.forEachRow(db) { row in
            let date = BulkStatement.double(row, 1)!
            var location: GeoPoint?
            if let lat = BulkStatement.double(row, 2), let lon = BulkStatement.double(row, 3) { location = GeoPoint(latitude: lat, longitude: lon) }
            items.append(TimelineItem(id: BulkStatement.int64(row, 0)!, start: date, end: date, location: location, group: BulkStatement.int64(row, 4)))
        }

        let existing = try Row.fetchAll(db, sql: "SELECT id, cached_count, start_date, end_date FROM collection WHERE kind = 1 AND type = 3")
        var old: [Int64: (Int, Double?, Double?)] = [:]
        for row in existing { old[row[0]] = (row[1], row[2], row[3]) }

        let groups = chainClusters(items, joins: MomentRules.assetsJoin)
        let reused = reuseGroupIDs(groups)
        let now = Date().timeIntervalSince1970
        let insert = try BulkStatement(db, """
            INSERT INTO collection (identifier, kind, type, subtype, start_date, end_date, cached_count, latitude, longitude, creation_date, modification_date)
            VALUES (?, 1, \(CollectionRaw.moment), \(CollectionRaw.albumRegular), ?, ?, ?, ?, ?, ?, ?)
            """)
        let update = try BulkStatement(db, "UPDATE collection SET start_date = ?, end_date = ?, cached_count = ?, latitude = ?, longitude = ?, modification_date = ? WHERE id = ?")
        let member = try BulkStatement(db, "UPDATE asset SET moment_id = ? WHERE id = ?")
        var kept = Set<Int64>()
        for (group, reuse) in zip(groups, reused) {
            let start = group.first!.start
            var end = start
            var latSum = 0.0, lonSum = 0.0, located = 0
            for item in group {
                end = max(end, item.end)
                if let location = item.location { latSum += location.latitude; lonSum += location.longitude; located += 1 }
            }
            let lat: Double? = located == 0 ? nil : latSum / Double(located)
            let lon: Double? = located == 0 ? nil : lonSum / Double(located)
            let id: Int64
            if let reuse {
                id = reuse
                kept.insert(reuse)
                let previous = old[reuse]
                let unchanged = previous?.0 == group.count && previous?.1 == start && previous?.2 == end && group.allSatisfy { $0.group == reuse }
                if !unchanged {
                    update.bind(1, start); update.bind(2, end); update.bind(3, group.count); update.bind(4, lat); update.bind(5, lon)
                    update.bind(6, now); update.bind(7, reuse)
                    try update.run(db)
                }
            } else {
                insert.bind(1, LocalIdentifier.make(.assetCollection)); insert.bind(2, start); insert.bind(3, end); insert.bind(4, group.count)
                insert.bind(5, lat); insert.bind(6, lon); insert.bind(7, now); insert.bind(8, now)
                try insert.run(db)
                id = db.lastInsertedRowID
            }
            for item in group where item.group != id {
                member.bind(1, id); member.bind(2, item.id)
                try member.run(db)
            }
        }
        let gone = Set(old.keys).subtracting(kept)
        if !gone.isEmpty {
            try db.execute(sql: "DELETE FROM collection WHERE id IN (SELECT value FROM json_each(?))", arguments: [AssetQuery.jsonArray(Array(gone))])
        }
        guard let lo = items.first?.start, let hi = items.map(\.end).max() else {
            // No visible dated asset: no cluster or year list either.
            try db.execute(sql: "DELETE FROM collection WHERE kind = 2 AND type = \(CollectionRaw.momentList)")
            return
        }
        _ = try recluster(.clusterLists, db, lo: lo, hi: hi)
        _ = try refreshYearLists(db, lo: lo, hi: hi)
    }
}
