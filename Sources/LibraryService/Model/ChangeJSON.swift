import Foundation
import PhotoLibrary

/// One committed change as the API reports it (history and the change stream): its token and, per object
/// kind, the local identifiers inserted, updated (and among them content-changed) and deleted. Trashing is a
/// deletion and recovering an insertion, as PhotoKit reports them.
struct ChangeEntryJSON: Codable, Sendable {
    struct Objects: Codable, Sendable {
        var inserted: [String]
        var updated: [String]
        var deleted: [String]
        var contentChanged: [String]?
        init(_ changes: ObjectChanges, contentChanged: Bool) {
            inserted = changes.inserted.values.sorted()
            updated = changes.updated.values.sorted()
            deleted = changes.deleted.values.sorted()
            if contentChanged { self.contentChanged = changes.contentChanged.compactMap { changes.updated[$0] ?? changes.inserted[$0] }.sorted() }
        }
    }
    var token: Int64
    var date: Date?
    var assets: Objects
    var assetCollections: Objects
    var collectionLists: Objects
    /// True when a bulk operation changed the library without itemising: refetch everything.
    var reset: Bool?

    init(token: Int64, date: Date?, changes: LibraryChanges) {
        self.token = token
        self.date = date
        assets = Objects(changes.assets, contentChanged: true)
        assetCollections = Objects(changes.assetCollections, contentChanged: false)
        collectionLists = Objects(changes.collectionLists, contentChanged: false)
        reset = changes.isReset ? true : nil
    }
}

/// How a registered fetch changed, with `PHFetchResultChangeDetails` semantics: `removed` indexes the old
/// list, `inserted` and `changed` the new one, `moves` go from old to new indexes; `incremental` false means
/// "reload the fetch" (only `count` is meaningful).
struct FetchDetailsJSON: Codable, Sendable {
    struct Move: Codable, Sendable { var from: Int; var to: Int }
    var fetch: String
    var count: Int
    var changeToken: Int64
    var incremental: Bool
    var removed: [Int]
    var inserted: [Int]
    var changed: [Int]
    var moves: [Move]

    init(fetch: String, diff: FetchDiff, token: Int64) {
        self.fetch = fetch
        count = diff.after.count
        changeToken = token
        incremental = diff.isIncremental
        removed = Array(diff.removed)
        inserted = Array(diff.inserted)
        changed = Array(diff.changed)
        moves = diff.moves.map { Move(from: $0.from, to: $0.to) }
    }
}
