import Foundation
import GRDB

extension Library {
    /// The row ids an asset query selects, in order, with the change token of that state; from a persisted
    /// snapshot when one exists for this exact query and state, else by running the query (and persisting the
    /// result when it is large). Both ways give the same ids in the same order.
    ///
    /// ```swift
    /// let newest = try library.fetchRowIDs(AssetQuery(scope: .all, sort: [SortKey(sql: "a.creation_date", ascending: false)]))
    /// print(newest.ids.count, newest.token)
    /// ```
    public func fetchRowIDs(_ query: AssetQuery) throws(LibraryError) -> FetchedRowIDs {
        try fetchRowIDs(entity: "asset") { try query.compiled($0) }
    }

    /// The row ids a collection query selects, in order, with the change token of that state (see the asset
    /// variant).
    public func fetchRowIDs(_ query: CollectionQuery) throws(LibraryError) -> FetchedRowIDs {
        try fetchRowIDs(entity: "collection") { try query.compiled($0) }
    }

    private func fetchRowIDs(entity: String, _ compile: (Database) throws -> CompiledFetch) throws(LibraryError) -> FetchedRowIDs {
        let store = fetchSnapshots
        let (fetched, toSave) = try read { db -> (FetchedRowIDs, SnapshotFile.Identity?) in
            let fetch = try compile(db)
            let token = try ChangeLog.currentToken(db)
            guard FetchSnapshotStore.isEnabled, fetch.isStable else {
                return (FetchedRowIDs(list: RowIDList(try RowIDReader.ids(db, sql: fetch.sql, arguments: fetch.arguments)), token: token), nil)
            }
            let identity = SnapshotFile.Identity(token: token, library: try Self.snapshotIdentity(db, token: token), key: fetch.snapshotKey(entity: entity))
            if let contents = store.load(identity) {
                return (FetchedRowIDs(list: contents.ids, token: token, positions: contents.positions, isFromSnapshot: true), nil)
            }
            let ids = try RowIDReader.ids(db, sql: fetch.sql, arguments: fetch.arguments)
            let worthSaving = !isReadOnly && ids.count >= FetchSnapshotStore.minimumCount.load(ordering: .relaxed)
            return (FetchedRowIDs(list: RowIDList(ids), token: token), worthSaving ? identity : nil)
        }
        if let toSave { store.save(fetched.ids, toSave) }
        return fetched
    }

    /// What ties a snapshot to this library's state beyond its token: the library identifier, SQLite's schema
    /// version (a migration) and when the newest change was committed (a database restored from a backup and
    /// changed again reaches old token numbers with other contents).
    static func snapshotIdentity(_ db: Database, token: Int64) throws -> UInt64 {
        let schema = try Int64.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
        let committed = try Double.fetchOne(db, sql: "SELECT committed_date FROM change_log WHERE token = ?", arguments: [token]) ?? 0
        return SnapshotChecksum.of("\(try ChangeLog.libraryIdentifier(db))/\(schema)/\(committed)")
    }
}
