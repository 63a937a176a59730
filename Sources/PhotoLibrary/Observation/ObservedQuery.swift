import Foundation
import GRDB

/// A fetch that change observation can re-evaluate: an asset query or a collection query.
public enum ObservedQuery: Sendable {
    case assets(AssetQuery)
    case collections(CollectionQuery)

    /// The ordered row ids the query selects now, optionally restricted to some rows.
    func rowIDs(_ db: Database, restrictedTo rows: [Int64]? = nil) throws -> [Int64] {
        let (sql, arguments): (String, StatementArguments)
        switch self {
        case .assets(let query): (sql, arguments) = try query.sql(db, restrictedTo: rows)
        case .collections(let query): (sql, arguments) = try query.sql(db, restrictedTo: rows)
        }
        return try Library.fetchIDs(db, sql: sql, arguments: arguments)
    }

    /// The rows of this query's table a change touched.
    func touched(by changes: LibraryChanges) -> ObjectChanges {
        switch self {
        case .assets: changes.assets
        case .collections: changes.collections
        }
    }

    /// Whether the query's order or membership can change without its own rows being touched, so only a
    /// full re-evaluation is exact: limits, album and moment membership (ordered by position or moment
    /// assignment), folder positions, and collection scopes that depend on other objects.
    func needsFullEvaluation(for changes: LibraryChanges) -> Bool {
        switch self {
        case .assets(let query):
            if query.limit > 0 { return true }
            if case .collection(let id) = query.scope { return changes.collections.touched.contains(id) }
            return false
        case .collections(let query):
            if query.limit > 0 { return true }
            switch query.scope {
            // Albums and folders are ordered by position, which moves without touching the moved rows;
            // moments and moment lists are ordered by date.
            case .assetCollections(let type, _):
                return query.sort.isEmpty && type != CollectionRaw.moment
            case .collectionLists(let type, _):
                return query.sort.isEmpty && type != CollectionRaw.momentList
            case .identifiers:
                return false
            default:
                return true
            }
        }
    }
}
