import Foundation
import GRDB

/// What a reader may see of the library: everything (the owner, accounts, applications with full access),
/// an application's limited selection, or nothing (add-only and undecided applications).
///
/// Queries apply it as one more SQL condition (`AssetQuery.readScope`, `CollectionQuery.readScope`), so every
/// read path — fetches, counts, membership, change details, history — filters by the same rule.
public enum ReadScope: Sendable, Hashable {
    case everything
    /// The assets in the application's selection (given by the owner, or added by the application) and, of
    /// collections, the smart albums and the albums and folders it made.
    case selection(grantID: Int64)
    case nothing

    /// The SQL condition on an `asset` row aliased `alias`, or nil when it sees everything.
    func assetCondition(_ alias: String = "a") -> String? {
        switch self {
        case .everything: nil
        case .selection(let grant): "\(alias).id IN (SELECT asset_id FROM app_selection WHERE grant_id = \(grant))"
        case .nothing: "0"
        }
    }

    /// The SQL condition on a `collection` row aliased `alias`, or nil when it sees everything.
    func collectionCondition(_ alias: String = "c") -> String? {
        switch self {
        case .everything: nil
        case .selection(let grant):
            "((\(alias).kind = 1 AND \(alias).type = \(CollectionRaw.smartAlbum)) OR \(alias).id IN (SELECT collection_id FROM app_collection WHERE grant_id = \(grant)))"
        case .nothing: "0"
        }
    }
}

extension Library {
    /// The asset rows among `rowIDs` that `scope` may see (deleted ones included, for change reports).
    public func assetRows(_ rowIDs: some Collection<Int64>, visibleIn scope: ReadScope) throws(LibraryError) -> Set<Int64> {
        switch scope {
        case .everything: return Set(rowIDs)
        case .nothing: return []
        case .selection(let grant):
            guard !rowIDs.isEmpty else { return [] }
            return try read { db in
                Set(try Int64.fetchAll(db, sql: "SELECT asset_id FROM app_selection WHERE grant_id = ? AND asset_id IN (SELECT value FROM json_each(?))",
                                       arguments: [grant, AssetQuery.jsonArray(Array(rowIDs))]))
            }
        }
    }

    /// The collection rows among `rowIDs` that `scope` may see. Deleted collections an application made are
    /// no longer known (their grant rows went with them); it learns of their deletion from its fetches.
    public func collectionRows(_ rowIDs: some Collection<Int64>, visibleIn scope: ReadScope) throws(LibraryError) -> Set<Int64> {
        switch scope {
        case .everything: return Set(rowIDs)
        case .nothing: return []
        case .selection:
            guard !rowIDs.isEmpty, let condition = scope.collectionCondition() else { return [] }
            return try read { db in
                Set(try Int64.fetchAll(db, sql: "SELECT c.id FROM collection c WHERE c.id IN (SELECT value FROM json_each(?)) AND \(condition)",
                                       arguments: [AssetQuery.jsonArray(Array(rowIDs))]))
            }
        }
    }

    /// Library changes as `scope` may see them: identifiers outside it removed.
    public func changes(_ changes: LibraryChanges, visibleIn scope: ReadScope) throws(LibraryError) -> LibraryChanges {
        if case .everything = scope { return changes }
        var visible = LibraryChanges()
        visible.isReset = changes.isReset
        let assets = try assetRows(changes.assets.touched, visibleIn: scope)
        visible.assets = changes.assets.filtered(to: assets)
        let collections = try collectionRows(changes.assetCollections.touched.union(changes.collectionLists.touched), visibleIn: scope)
        visible.assetCollections = changes.assetCollections.filtered(to: collections)
        visible.collectionLists = changes.collectionLists.filtered(to: collections)
        return visible
    }
}

extension ObjectChanges {
    /// Only the given rows.
    func filtered(to rows: Set<Int64>) -> ObjectChanges {
        var out = self
        out.inserted = inserted.filter { rows.contains($0.key) }
        out.updated = updated.filter { rows.contains($0.key) }
        out.deleted = deleted.filter { rows.contains($0.key) }
        out.contentChanged = contentChanged.intersection(rows)
        return out
    }
}

extension Library {
    /// Change-log entries as `scope` may see them: each filtered, those left empty dropped.
    public func entries(_ entries: [ChangeLogEntry], visibleIn scope: ReadScope) throws(LibraryError) -> [ChangeLogEntry] {
        if case .everything = scope { return entries }
        var visible: [ChangeLogEntry] = []
        for entry in entries {
            let changes = try changes(entry.changes, visibleIn: scope)
            if !changes.isEmpty { visible.append(ChangeLogEntry(token: entry.token, date: entry.date, changes: changes)) }
        }
        return visible
    }
}
