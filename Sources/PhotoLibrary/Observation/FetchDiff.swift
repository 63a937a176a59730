import Foundation
import GRDB

/// How a fetch result changed between two library states, with collection-view batch-update semantics:
/// `removed` indexes the old list; `inserted` and `changed` index the new one; each move goes from an old
/// index to a new index. Rebuilding the new list from the old: drop removed and moved items, keep the rest in
/// their old order, and place inserted and moved items at their new indexes.
public struct FetchDiff: Sendable {
    /// The fetch's row ids after the change.
    public var after: [Int64]
    public var removed = IndexSet()
    public var inserted = IndexSet()
    public var changed = IndexSet()
    public var moves: [(from: Int, to: Int)] = []
    /// False when the details could not be itemised (bulk change, history trimmed): only `after` is meaningful.
    public var isIncremental = true


    /// A diff with nothing itemised yet.
    public init(after: [Int64]) { self.after = after }
}

/// Computes `FetchDiff`s inside one read transaction (the state right after the observed change).
///
/// Three strategies, same result: incremental — only the touched rows are re-evaluated and placed by binary
/// search, comparing two rows with the fetch's own `ORDER BY` in SQL — for small changes to large results;
/// touched — re-run the fetch and look only at touched rows in both lists — for large changes; and full —
/// re-run the fetch and diff the two lists — when the fetch's membership can change without its rows being
/// touched (see `ObservedQuery.needsFullEvaluation`).
public struct FetchDiffer {
    let db: Database
    /// Incremental evaluation is used up to this many touched rows.
    public static let incrementalLimit = 256

    /// The diff of a fetch between `before` and now, or nil when nothing in the fetch changed.
    /// `changes` is what happened since `before` was fetched; nil means unknown (history trimmed), and
    /// `forceFull` selects the full strategy (tests compare both).
    public func diff(_ query: ObservedQuery, before: [Int64], changes: LibraryChanges?, forceFull: Bool = false) throws -> FetchDiff? {
        guard let changes, !changes.isReset else {
            let after = try query.rowIDs(db)
            if after == before { return nil }
            var diff = FetchDiff(after: after)
            diff.isIncremental = false
            return diff
        }
        let touched = query.touched(by: changes)
        if touched.isEmpty && !query.needsFullEvaluation(for: changes) { return nil }
        let touchedIDs = touched.touched
        let updated = Set(touched.updated.keys)
        if forceFull || query.needsFullEvaluation(for: changes) {
            return Self.fullDiff(before: before, after: try query.rowIDs(db), updated: updated)
        }
        if touchedIDs.count > Self.incrementalLimit {
            // Many rows touched: re-run the fetch, but only the touched rows can have entered, left or moved.
            let after = try query.rowIDs(db)
            return Self.touchedDiff(before: before, after: after, touched: touchedIDs, updated: updated)
                ?? Self.fullDiff(before: before, after: after, updated: updated)
        }
        return try incrementalDiff(query, before: before, touched: touchedIDs, updated: updated)
    }

    // MARK: Full

    /// Diffs two complete lists of distinct ids; nil when they are equal and nothing is marked updated.
    public static func fullDiff(before: [Int64], after: [Int64], updated: Set<Int64>) -> FetchDiff? {
        var newIndex: [Int64: Int] = [:]
        newIndex.reserveCapacity(after.count)
        for (index, id) in after.enumerated() { newIndex[id] = index }
        var oldIDs = Set<Int64>(minimumCapacity: before.count)
        var diff = FetchDiff(after: after)
        var common: [(old: Int, new: Int)] = []
        for (index, id) in before.enumerated() {
            oldIDs.insert(id)
            if let to = newIndex[id] { common.append((index, to)) } else { diff.removed.insert(index) }
        }
        for (index, id) in after.enumerated() where !oldIDs.contains(id) { diff.inserted.insert(index) }
        let kept = Self.longestIncreasingSubsequence(common.map(\.new))
        for (position, pair) in common.enumerated() where !kept.contains(position) { diff.moves.append((pair.old, pair.new)) }
        for pair in common where updated.contains(after[pair.new]) { diff.changed.insert(pair.new) }
        if diff.removed.isEmpty && diff.inserted.isEmpty && diff.moves.isEmpty && diff.changed.isEmpty { return nil }
        return diff
    }

    // MARK: Touched rows only

    /// Diffs two complete lists when only `touched` rows can have entered, left or moved (untouched rows keep
    /// their relative order): two linear passes that look at touched rows only. Nil when that assumption
    /// does not hold (then the caller uses `fullDiff`) or nothing changed.
    static func touchedDiff(before: [Int64], after: [Int64], touched: Set<Int64>, updated: Set<Int64>) -> FetchDiff? {
        guard let low = touched.min(), let high = touched.max() else { return nil }
        func positions(_ list: [Int64]) -> [Int64: (index: Int, rank: Int)] {
            var result: [Int64: (index: Int, rank: Int)] = [:]
            for (index, id) in list.enumerated() where id >= low && id <= high && touched.contains(id) {
                result[id] = (index, index - result.count)
            }
            return result
        }
        let old = positions(before), new = positions(after)
        // Untouched rows must be the same on both sides.
        guard before.count - old.count == after.count - new.count else { return nil }
        var diff = FetchDiff(after: after)
        var candidates: [(old: Int, new: Int)] = []
        for (id, position) in old {
            guard let moved = new[id] else { diff.removed.insert(position.index); continue }
            if position.rank != moved.rank { diff.moves.append((position.index, moved.index)) } else { candidates.append((position.index, moved.index)) }
            if updated.contains(id) { diff.changed.insert(moved.index) }
        }
        for (id, position) in new where old[id] == nil { diff.inserted.insert(position.index) }
        candidates.sort { $0.old < $1.old }
        let kept = longestIncreasingSubsequence(candidates.map(\.new))
        for (index, pair) in candidates.enumerated() where !kept.contains(index) { diff.moves.append((pair.old, pair.new)) }
        diff.moves.sort { $0.from < $1.from }
        if diff.removed.isEmpty && diff.inserted.isEmpty && diff.moves.isEmpty && diff.changed.isEmpty { return nil }
        return diff
    }

    // MARK: Incremental

    private func incrementalDiff(_ query: ObservedQuery, before: [Int64], touched: Set<Int64>, updated: Set<Int64>) throws -> FetchDiff? {
        // 1. Where the touched rows were (one pass over the old ids, cheap set probes).
        var touchedOld: [(id: Int64, index: Int)] = []
        if !touched.isEmpty, let low = touched.min(), let high = touched.max() {
            for (index, id) in before.enumerated() where id >= low && id <= high && touched.contains(id) {
                touchedOld.append((id, index))
            }
        }
        // 2. Which touched rows the fetch selects now, in its order.
        let matching = try query.rowIDs(db, restrictedTo: Array(touched))
        if touchedOld.isEmpty && matching.isEmpty { return nil }

        // 3. The untouched rows keep their relative order; place each matching row among them.
        let oldIndexByID = Dictionary(uniqueKeysWithValues: touchedOld.map { ($0.id, $0.index) })
        let untouched: [Int64] = touchedOld.isEmpty ? before : {
            var kept = [Int64](); kept.reserveCapacity(before.count - touchedOld.count)
            var next = 0
            for (index, id) in before.enumerated() {
                if next < touchedOld.count && touchedOld[next].index == index { next += 1; continue }
                kept.append(id)
            }
            return kept
        }()
        var slots: [Int] = []
        var lowerBound = 0
        for id in matching {
            let slot = try insertionSlot(for: id, in: untouched, from: lowerBound, query)
            slots.append(slot)
            lowerBound = slot
        }

        // 4. Merge.
        var after = [Int64](); after.reserveCapacity(untouched.count + matching.count)
        var newIndexOf: [Int64: Int] = [:]
        var slotOf: [Int64: Int] = [:]
        var cursor = 0
        for (rank, id) in matching.enumerated() {
            after.append(contentsOf: untouched[cursor..<slots[rank]])
            cursor = slots[rank]
            newIndexOf[id] = after.count
            slotOf[id] = slots[rank]
            after.append(id)
        }
        after.append(contentsOf: untouched[cursor...])

        // 5. Index sets. A touched row still present is unmoved when as many untouched rows precede it before
        //    and after, and it keeps its order among such rows (longest increasing subsequence).
        var diff = FetchDiff(after: after)
        var candidates: [(old: Int, new: Int)] = []
        for (position, entry) in touchedOld.enumerated() {
            guard let newIndex = newIndexOf[entry.id] else { diff.removed.insert(entry.index); continue }
            let oldRank = entry.index - position
            let newRank = slotOf[entry.id]!
            if oldRank != newRank { diff.moves.append((entry.index, newIndex)) } else { candidates.append((entry.index, newIndex)) }
            if updated.contains(entry.id) { diff.changed.insert(newIndex) }
        }
        let kept = Self.longestIncreasingSubsequence(candidates.map(\.new))
        for (position, pair) in candidates.enumerated() where !kept.contains(position) { diff.moves.append((pair.old, pair.new)) }
        diff.moves.sort { $0.from < $1.from }
        for id in matching where oldIndexByID[id] == nil { diff.inserted.insert(newIndexOf[id]!) }
        if diff.removed.isEmpty && diff.inserted.isEmpty && diff.moves.isEmpty && diff.changed.isEmpty { return nil }
        return diff
    }

    /// How many of `untouched` come before `id` in the fetch's order (binary search from `lowerBound`).
    private func insertionSlot(for id: Int64, in untouched: [Int64], from lowerBound: Int, _ query: ObservedQuery) throws -> Int {
        var low = lowerBound, high = untouched.count
        while low < high {
            let middle = (low + high) / 2
            if try comesBefore(untouched[middle], id, query) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether row `a` precedes row `b` in the fetch's order, decided by the fetch's own SQL.
    private func comesBefore(_ a: Int64, _ b: Int64, _ query: ObservedQuery) throws -> Bool {
        let ordered = try query.rowIDs(db, restrictedTo: [a, b])
        return ordered.first == a
    }

    // MARK: Helpers

    /// Positions (into `values`) of one longest strictly increasing subsequence.
    static func longestIncreasingSubsequence(_ values: [Int]) -> Set<Int> {
        guard !values.isEmpty else { return [] }
        var tails: [Int] = []          // positions of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var result = Set<Int>()
        var position = tails.last!
        while position >= 0 { result.insert(position); position = previous[position] }
        return result
    }
}
