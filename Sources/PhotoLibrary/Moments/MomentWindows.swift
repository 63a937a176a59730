import Foundation
import GRDB

extension MomentIndexer {
    /// What re-clustering one level changed.
    struct LevelOutcome {
        var changes = CollectionChanges()
        /// Start dates, before and after, of every group inserted, changed or deleted: where the level above
        /// must look.
        var dates: Set<Double> = []
        /// The groups of the level above that held a group deleted here.
        var parentsOfDeleted: Set<Int64> = []
    }

    /// Re-clusters the items of one level around each changed date. `changed` are the items whose position or
    /// visibility changed (their group is decided again wherever it is); `groups` are groups that lost members.
    ///
    /// Windows are taken in ascending order, so the item just before a window is settled. A window grows past the
    /// item just after it when that item changed too (its group is not settled yet). Inside a window every item is
    /// re-chained with those two neighbours; then the run holding the one before keeps its group, the run holding
    /// the one after keeps its group or, when that group was the same and the chain is now broken, moves with
    /// every later member of it to a group of its own (a split); a chain from one to the other joins their two
    /// groups (a merge); runs between them take the group most of their items had, when nothing else holds it, or
    /// a new one. Counts, dates and places are then computed again for the groups touched, and empty ones deleted.
    static func reclusterWindows(_ level: Level, _ db: Database, dates: Set<Double>, changed: Set<Int64>,
                                 groups: Set<Int64>) throws -> LevelOutcome {
        var touched = groups
        var inserted = Set<Int64>()
        let sorted = dates.sorted()
        var index = 0
        while index < sorted.count {
            var lo = sorted[index], hi = lo
            var previous: TimelineItem?, next: TimelineItem?
            // Grow the window until the items at both edges are settled: unchanged and in a group.
            while true {
                while index < sorted.count, sorted[index] <= hi { index += 1 }
                next = try fetchItems(db, level.after, [hi]).first
                if let after = next {
                    if changed.contains(after.id) || after.group == nil { hi = after.start; continue }
                    if index < sorted.count, sorted[index] <= after.start { hi = sorted[index]; continue }
                }
                previous = try fetchItems(db, level.before, [lo]).first
                if let before = previous, before.group == nil { lo = before.start; continue }
                break
            }
            try relabelWindow(level, db, lo: lo, hi: hi, previous: previous, next: next, touched: &touched, inserted: &inserted)
        }
        return try refreshGroups(level, db, touched: touched.union(inserted), inserted: inserted)
    }

    /// Re-chains one window with its neighbours and gives every run its group (see `reclusterWindows`).
    private static func relabelWindow(_ level: Level, _ db: Database, lo: Double, hi: Double, previous: TimelineItem?,
                                      next: TimelineItem?, touched: inout Set<Int64>, inserted: inout Set<Int64>) throws {
        let items = try fetchItems(db, level.items, [lo, hi])
        let runs = chainClusters((previous.map { [$0] } ?? []) + items + (next.map { [$0] } ?? []), joins: level.joins)
        let before = previous?.group, after = next?.group
        var used = Set([before, after].compactMap { $0 })
        for (position, run) in runs.enumerated() {
            let holdsPrevious = previous != nil && position == 0
            let holdsNext = next != nil && position == runs.count - 1
            let group: Int64
            if holdsPrevious, let before {
                group = before
                if holdsNext, let after, after != before {
                    try db.execute(sql: "UPDATE \(level.membershipTable) SET \(level.membershipColumn) = ? WHERE \(level.membershipColumn) = ?",
                                   arguments: [before, after])
                    touched.insert(after)
                }
            } else if holdsNext, let after {
                if after == before {
                    group = try reusableGroup(level, db, for: run, lo: lo, hi: hi, excluding: used) ?? insertGroup(level, db, for: run, inserted: &inserted)
                    try db.execute(sql: "UPDATE \(level.membershipTable) SET \(level.membershipColumn) = ? WHERE \(level.membershipColumn) = ? AND \(level.startColumn) > ?",
                                   arguments: [group, after, hi])
                } else {
                    group = after
                }
            } else {
                group = try reusableGroup(level, db, for: run, lo: lo, hi: hi, excluding: used) ?? insertGroup(level, db, for: run, inserted: &inserted)
            }
            used.insert(group)
            touched.insert(group)
            touched.formUnion(run.compactMap(\.group))
            let moving = run.filter { $0.group != group && $0.id != previous?.id && $0.id != next?.id }.map(\.id)
            if !moving.isEmpty {
                try db.execute(sql: "UPDATE \(level.membershipTable) SET \(level.membershipColumn) = ? WHERE id IN (SELECT value FROM json_each(?))",
                               arguments: [group, AssetQuery.jsonArray(moving)])
            }
        }
    }

    /// The group most of the run's items had, when no other run took it and no item outside the window holds it.
    private static func reusableGroup(_ level: Level, _ db: Database, for run: [TimelineItem], lo: Double, hi: Double,
                                      excluding used: Set<Int64>) throws -> Int64? {
        var counts: [Int64: Int] = [:]
        for item in run { if let group = item.group, !used.contains(group) { counts[group, default: 0] += 1 } }
        for (group, _) in counts.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
            let heldOutside = try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM \(level.membershipTable) WHERE \(level.membershipColumn) = ? AND \(level.itemFilter)
                    AND NOT (\(level.startColumn) BETWEEN ? AND ?))
                """, arguments: [group, lo, hi]) ?? true
            if !heldOutside { return group }
        }
        return nil
    }

    /// A new, empty group row for a run (its figures are set by `refreshGroups`).
    private static func insertGroup(_ level: Level, _ db: Database, for run: [TimelineItem], inserted: inout Set<Int64>) throws -> Int64 {
        let now = Date().timeIntervalSince1970
        try db.execute(sql: """
            INSERT INTO collection (identifier, kind, type, subtype, start_date, end_date, cached_count, creation_date, modification_date)
            VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)
            """, arguments: [LocalIdentifier.make(level.groupKind == 1 ? .assetCollection : .collectionList), level.groupKind, level.groupType,
                             level.groupSubtype, run.first?.start, run.map(\.end).max(), now, now])
        inserted.insert(db.lastInsertedRowID)
        return db.lastInsertedRowID
    }

    /// Counts, dates and mean places of the touched groups from their members; empty groups are deleted.
    private static func refreshGroups(_ level: Level, _ db: Database, touched: Set<Int64>, inserted: Set<Int64>) throws -> LevelOutcome {
        var outcome = LevelOutcome()
        let now = Date().timeIntervalSince1970
        for group in touched.sorted() {
            guard let old = try Row.fetchOne(db, sql: "SELECT cached_count, start_date, end_date, latitude, longitude FROM collection WHERE id = ? AND \(level.groupFilter)",
                                             arguments: [group]) else { continue }
            let figures = try Row.fetchOne(db, sql: """
                SELECT count(*), min(\(level.startColumn)), max(\(level.endColumn)),
                       avg(CASE WHEN longitude IS NOT NULL THEN latitude END), avg(CASE WHEN latitude IS NOT NULL THEN longitude END)
                FROM \(level.membershipTable) WHERE \(level.membershipColumn) = ? AND \(level.itemFilter)
                """, arguments: [group])!
            let oldStart: Double? = old[1]
            if let oldStart, !inserted.contains(group) { outcome.dates.insert(oldStart) }
            let count: Int = figures[0]
            if count == 0 {
                if let column = level.parentColumn, let parent = try Int64.fetchOne(db, sql: "SELECT \(column) FROM collection WHERE id = ?", arguments: [group]) {
                    outcome.parentsOfDeleted.insert(parent)
                }
                try db.execute(sql: "UPDATE \(level.membershipTable) SET \(level.membershipColumn) = NULL WHERE \(level.membershipColumn) = ?", arguments: [group])
                try db.execute(sql: "DELETE FROM collection WHERE id = ?", arguments: [group])
                if !inserted.contains(group) { outcome.changes.deleted.insert(group) }
                continue
            }
            let start: Double? = figures[1], end: Double? = figures[2], latitude: Double? = figures[3], longitude: Double? = figures[4]
            if let start { outcome.dates.insert(start) }
            if inserted.contains(group) {
                outcome.changes.inserted.insert(group)
            } else if (old[0] as Int?) == count, oldStart == start, (old[2] as Double?) == end,
                      (old[3] as Double?) == latitude, (old[4] as Double?) == longitude {
                continue
            } else {
                outcome.changes.updated.insert(group)
            }
            try db.execute(sql: "UPDATE collection SET start_date = ?, end_date = ?, cached_count = ?, latitude = ?, longitude = ?, modification_date = ? WHERE id = ?",
                           arguments: [start, end, count, latitude, longitude, now, group])
        }
        return outcome
    }
}
