import Foundation

/// Which objects of one kind a committed transaction inserted, updated or deleted, by row id, with their
/// local identifiers. Trashing counts as a deletion and recovering as an insertion, as PhotoKit reports them.
public struct ObjectChanges: Sendable, Hashable {
    public var inserted: [Int64: String] = [:]
    public var updated: [Int64: String] = [:]
    public var deleted: [Int64: String] = [:]
    /// Updated assets whose content (rendered image or video) changed, not only their metadata.
    public var contentChanged: Set<Int64> = []

    public init() {}

    /// Every row id touched in any way.
    public var touched: Set<Int64> { Set(inserted.keys).union(updated.keys).union(deleted.keys) }
    public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }

    /// Folds a later change into this one: the result describes both, as one change from before the first to
    /// after the second (an insert then a delete cancels out; an insert then an update stays an insert).
    public mutating func append(_ later: ObjectChanges) {
        for (id, identifier) in later.inserted {
            if deleted.removeValue(forKey: id) != nil { updated[id] = identifier } else { inserted[id] = identifier }
        }
        for (id, identifier) in later.updated where inserted[id] == nil { updated[id] = identifier }
        for (id, identifier) in later.deleted {
            if inserted.removeValue(forKey: id) != nil { continue }
            updated[id] = nil
            deleted[id] = identifier
        }
        contentChanged.formUnion(later.contentChanged)
        contentChanged.subtract(deleted.keys)
    }
}

/// What one or more consecutive committed transactions changed, for every object kind.
public struct LibraryChanges: Sendable, Hashable {
    public var assets = ObjectChanges()
    public var assetCollections = ObjectChanges()
    public var collectionLists = ObjectChanges()
    /// Set when a bulk operation (the filler) changed the library without itemising: details cannot be incremental.
    public var isReset = false

    public init() {}

    /// Changes to collections of either kind (both live in the `collection` table).
    public var collections: ObjectChanges {
        var merged = assetCollections
        merged.inserted.merge(collectionLists.inserted) { a, _ in a }
        merged.updated.merge(collectionLists.updated) { a, _ in a }
        merged.deleted.merge(collectionLists.deleted) { a, _ in a }
        return merged
    }

    public var isEmpty: Bool { !isReset && assets.isEmpty && assetCollections.isEmpty && collectionLists.isEmpty }

    /// Folds a later change into this one.
    public mutating func append(_ later: LibraryChanges) {
        assets.append(later.assets)
        assetCollections.append(later.assetCollections)
        collectionLists.append(later.collectionLists)
        isReset = isReset || later.isReset
    }
}
