import Foundation
import PhotoLibrary

/// How a fetch result changed: the result before and after, and — when the change could be itemised — the
/// removed, inserted, changed and moved objects, with collection-view batch-update semantics.
///
/// Apply them in this order to the old list to get the new one exactly: remove `removedIndexes` (indexes in
/// the before result), insert `insertedIndexes` (indexes in the after result), reload `changedIndexes`
/// (after result), then apply `enumerateMoves` (from an index in the before result to one in the after
/// result). Index sets are nil when `hasIncrementalChanges` is false. Thread-safe.
public final class PHFetchResultChangeDetails<ObjectType: AnyObject>: NSObject, @unchecked Sendable {
    /// The fetch result the details start from (the one passed to `changeDetails(for:)`).
    public let fetchResultBeforeChanges: PHFetchResult<ObjectType>
    /// The same fetch, re-run after the change.
    public let fetchResultAfterChanges: PHFetchResult<ObjectType>
    /// Whether the index sets and moves describe the change (false after bulk changes, trimmed history, or
    /// when the fetch options set `wantsIncrementalChangeDetails` to false).
    public let hasIncrementalChanges: Bool
    /// Indexes of removed objects, in the before result.
    public let removedIndexes: IndexSet?
    /// Indexes of inserted objects, in the after result.
    public let insertedIndexes: IndexSet?
    /// Indexes of objects whose content or metadata changed, in the after result.
    public let changedIndexes: IndexSet?
    private let moves: [(from: Int, to: Int)]

    init(before: PHFetchResult<ObjectType>, after: PHFetchResult<ObjectType>, diff: FetchDiff?) {
        fetchResultBeforeChanges = before
        fetchResultAfterChanges = after
        hasIncrementalChanges = diff != nil
        removedIndexes = diff?.removed
        insertedIndexes = diff?.inserted
        changedIndexes = diff?.changed
        moves = diff?.moves ?? []
        super.init()
    }

    /// Details between two fetch results of your own (for example two fetches you made), with
    /// `changedObjects` marked as changed when present in both.
    public convenience init(from fromResult: PHFetchResult<ObjectType>, to toResult: PHFetchResult<ObjectType>, changedObjects: [ObjectType]) {
        let before = Self.keys(of: fromResult), after = Self.keys(of: toResult)
        let changedKeys = Set(changedObjects.compactMap { ($0 as? PHObject)?.localIdentifier })
        // Diff by local identifier, so results from different libraries' snapshots or transient ones work alike.
        var index: [String: Int64] = [:]
        func id(_ key: String) -> Int64 { if let existing = index[key] { return existing }; let new = Int64(index.count); index[key] = new; return new }
        let beforeIDs = before.map(id), afterIDs = after.map(id)
        let updated = Set(changedKeys.compactMap { index[$0] })
        let diff = FetchDiffer.fullDiff(before: beforeIDs, after: afterIDs, updated: updated)
            ?? FetchDiff(after: afterIDs)
        self.init(before: fromResult, after: toResult, diff: diff)
    }

    private static func keys(of result: PHFetchResult<ObjectType>) -> [String] {
        (0..<result.count).map { (result.object(at: $0) as? PHObject)?.localIdentifier ?? "\(ObjectIdentifier(result.object(at: $0)))" }
    }

    /// The removed objects, from the before result.
    public var removedObjects: [ObjectType] { removedIndexes.map { fetchResultBeforeChanges.objects(at: $0) } ?? [] }
    /// The inserted objects, from the after result.
    public var insertedObjects: [ObjectType] { insertedIndexes.map { fetchResultAfterChanges.objects(at: $0) } ?? [] }
    /// The changed objects as they are after the change.
    public var changedObjects: [ObjectType] { changedIndexes.map { fetchResultAfterChanges.objects(at: $0) } ?? [] }
    /// Whether objects moved.
    public var hasMoves: Bool { !moves.isEmpty }

    /// Calls `handler(fromIndex, toIndex)` for each moved object: from its index in the before result to its
    /// index in the after result, in increasing `fromIndex` order.
    public func enumerateMoves(_ handler: (Int, Int) -> Void) {
        for move in moves { handler(move.from, move.to) }
    }

    public override var description: String {
        guard hasIncrementalChanges else { return "<PHFetchResultChangeDetails: not incremental, \(fetchResultAfterChanges.count) objects after>" }
        return "<PHFetchResultChangeDetails: removed \(Array(removedIndexes ?? [])), inserted \(Array(insertedIndexes ?? [])), changed \(Array(changedIndexes ?? [])), moves \(moves.map { "\($0.from)→\($0.to)" })>"
    }
}
