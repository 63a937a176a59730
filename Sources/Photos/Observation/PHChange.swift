import Foundation
import PhotoLibrary

/// A description of one change (or a coalesced batch) to the photo library, handed to change observers.
///
/// Details for every live fetch result are computed in the background before observers are called, against
/// the library state right after the change, so `changeDetails(for:)` on a fetch result is a lookup. For a
/// fetch result the change did not affect it returns nil. Objects and fetch results made after the change
/// are unaffected by it (nil). Thread-safe.
///
/// Difference from Apple: details for a fetch result created after the change was prepared (rare; e.g.
/// fetched on another thread meanwhile) are computed on demand against the library's current state.
public final class PHChange: NSObject, @unchecked Sendable {
    let library: PHPhotoLibrary
    /// The observed change (token range and what it touched).
    let observed: ObservedChange
    /// Prepared diffs by fetch result (a `nil` diff means "computed: no change"). The weak reference guards
    /// against a later result reusing a released one's address.
    private let diffs: [ObjectIdentifier: PreparedDiff]

    struct PreparedDiff {
        weak var result: AnyObject?
        let diff: FetchDiff?
    }
    /// Records of touched objects as of the change (preloaded for small changes).
    private let assetRecords: [Int64: AssetRecord]
    private let collectionRecords: [Int64: CollectionRecord]

    init(library: PHPhotoLibrary, observed: ObservedChange, diffs: [ObjectIdentifier: PreparedDiff],
         assetRecords: [Int64: AssetRecord], collectionRecords: [Int64: CollectionRecord]) {
        self.library = library
        self.observed = observed
        self.diffs = diffs
        self.assetRecords = assetRecords
        self.collectionRecords = collectionRecords
        super.init()
    }

    /// Matches a change the back end prepared for `fetches` (the live fetch results it was asked about, in order;
    /// nil for one released since) with those results.
    convenience init(library: PHPhotoLibrary, prepared: PreparedChange, fetches: [(any ObservableFetchResult)?]) {
        var diffs: [ObjectIdentifier: PreparedDiff] = [:]
        for (fetched, diff) in zip(fetches, prepared.diffs) {
            guard let result = fetched, result.token < prepared.change.toToken else { continue }
            diffs[ObjectIdentifier(result)] = PreparedDiff(result: result, diff: diff)
        }
        self.init(library: library, observed: prepared.change, diffs: diffs, assetRecords: prepared.assets, collectionRecords: prepared.collections)
    }

    // MARK: Fetch results

    /// How a fetch result changed, or nil when this change did not affect it.
    public func changeDetails<T>(for fetchResult: PHFetchResult<T>) -> PHFetchResultChangeDetails<T>? where T: PHObject {
        details(for: fetchResult)
    }

    /// How a fetch result of any element type changed (Apple's untyped overload).
    public func changeDetails(for fetchResult: PHFetchResult<AnyObject>) -> PHFetchResultChangeDetails<AnyObject>? {
        details(for: fetchResult)
    }

    private func details<T: AnyObject>(for fetchResult: PHFetchResult<T>) -> PHFetchResultChangeDetails<T>? {
        guard fetchResult.library === library || fetchResult.library == nil, fetchResult.token < observed.toToken else { return nil }
        let diff: FetchDiff?
        if let prepared = diffs[ObjectIdentifier(fetchResult)], prepared.result === fetchResult {
            diff = prepared.diff
        } else {
            guard let query = fetchResult.query else { return transientDetails(for: fetchResult) }
            diff = lateDiff(query, fetchResult)
        }
        guard let diff else { return nil }
        let after = PHFetchResult<T>(source: fetchResult.source.replacingRowIDs(diff.after), library: library,
                                     options: fetchResult.fetchOptions, query: fetchResult.query, token: observed.toToken)
        let incremental = diff.isIncremental && fetchResult.wantsIncrementalChangeDetails
        return PHFetchResultChangeDetails(before: fetchResult, after: after, diff: incremental ? diff : nil)
    }

    /// Details computed now, for a fetch result that was not live when the change was prepared.
    private func lateDiff<T: AnyObject>(_ query: ObservedQuery, _ fetchResult: PHFetchResult<T>) -> FetchDiff? {
        library.backend.computeDiff(query, before: fetchResult.rowIDs, since: fetchResult.token)
    }

    /// Transient results (fixed object lists) report objects that changed or were deleted.
    private func transientDetails<T: AnyObject>(for fetchResult: PHFetchResult<T>) -> PHFetchResultChangeDetails<T>? {
        guard case .objects(let objects) = fetchResult.source else { return nil }
        var changed: [T] = []
        for object in objects {
            guard let details = objectDetails(for: object), !details.objectWasDeleted,
                  let after = details.objectAfterChanges as? T else { continue }
            changed.append(after)
        }
        guard !changed.isEmpty else { return nil }
        return PHFetchResultChangeDetails(from: fetchResult, to: fetchResult, changedObjects: changed)
    }

    // MARK: Objects

    /// How an object changed, or nil when this change did not touch it.
    public func changeDetails<T>(for object: T) -> PHObjectChangeDetails<T>? where T: PHObject {
        guard let details = objectDetails(for: object) else { return nil }
        return PHObjectChangeDetails(before: object, after: details.objectAfterChanges as? T,
                                     wasDeleted: details.objectWasDeleted, contentChanged: details.assetContentChanged)
    }

    private func objectDetails(for object: PHObject) -> PHObjectChangeDetails<PHObject>? {
        if let asset = object as? PHAsset {
            let id = asset.record.rowID
            let changes = observed.changes.assets
            if changes.deleted[id] != nil { return PHObjectChangeDetails(before: object, after: nil, wasDeleted: true, contentChanged: false) }
            guard changes.updated[id] != nil || changes.inserted[id] != nil else { return nil }
            guard let record = assetRecords[id] ?? (try? library.backend.assetRecords(rowIDs: [id]))?[id] else { return nil }
            return PHObjectChangeDetails(before: object, after: PHAsset(record: record, library: library), wasDeleted: false,
                                         contentChanged: changes.contentChanged.contains(id))
        }
        if let collection = object as? PHCollection, let id = collection.record?.rowID {
            let changes = observed.changes.collections
            if changes.deleted[id] != nil { return PHObjectChangeDetails(before: object, after: nil, wasDeleted: true, contentChanged: false) }
            guard changes.updated[id] != nil || changes.inserted[id] != nil else { return nil }
            guard let record = collectionRecords[id] ?? (try? library.backend.collectionRecords(rowIDs: [id]))?[id] else { return nil }
            return PHObjectChangeDetails(before: object, after: PHCollection.make(record, library: library), wasDeleted: false, contentChanged: false)
        }
        return nil
    }

    public override var description: String {
        let a = observed.changes.assets, c = observed.changes.collections
        return "<PHChange tokens \(observed.fromToken)→\(observed.toToken): assets +\(a.inserted.count) ~\(a.updated.count) -\(a.deleted.count), collections +\(c.inserted.count) ~\(c.updated.count) -\(c.deleted.count)>"
    }
}

extension FetchSource {
    /// The same kind of source over other row ids.
    func replacingRowIDs(_ ids: [Int64]) -> FetchSource {
        switch self {
        case .assets: .assets(RowIDList(ids))
        case .collections: .collections(RowIDList(ids))
        case .objects: self
        }
    }
}
