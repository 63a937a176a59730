import Foundation
import FetchPredicates
import GRDB

/// What a fetch of collections (albums, smart albums, moments, folders, moment lists) asks for.
public struct CollectionQuery: Sendable {
    /// Which collections the fetch starts from.
    public enum Scope: Sendable {
        /// Asset collections of a type and subtype (nil means any); projects only through `.projects`.
        case assetCollections(type: Int?, subtype: Int?)
        /// Collection lists of a type and subtype (nil means any).
        case collectionLists(type: Int?, subtype: Int?)
        /// Collections of either kind by local identifier.
        case identifiers([String], kind: CollectionRecord.Kind?)
        /// Albums and folders at the top of the user's hierarchy (projects are not among them).
        case topLevelUserCollections
        /// Projects (`PHProject`), oldest first.
        case projects
        /// Children of a folder or moment list, by row id.
        case children(of: Int64)
        /// Asset collections of a type that contain an asset (row id).
        case containingAsset(Int64, type: Int?)
        /// Collection lists that directly contain a collection (row id).
        case listsContaining(Int64)
        /// Moment lists of a subtype containing a moment.
        case momentLists(subtype: Int, containingMoment: Int64?)
    }

    public var scope: Scope
    public var predicate: CompiledPredicate?
    public var sort: [SortKey]
    public var limit: Int
    /// What the reader may see (an application's grant through the service); `.everything` by default.
    public var readScope: ReadScope = .everything
    /// The parsed predicate `predicate` was compiled from, when it came from one (see `filter(by:)`): what a
    /// served library sends instead of SQL.
    public var predicateSource: PredicateNode? = nil
    /// The entity whose keys the predicate and sort keys use (`PHCollection`, `PHAssetCollection`,
    /// `PHCollectionList`): a served library compiles them against the same schema.
    public var entityName = PredicateSchemas.collection.entityName

    public init(scope: Scope, predicate: CompiledPredicate? = nil, sort: [SortKey] = [], limit: Int = 0) {
        self.scope = scope; self.predicate = predicate; self.sort = sort; self.limit = limit
    }
}

extension CollectionQuery {
    /// Builds the SQL selecting collection row ids in order; `restrictedTo` limits it to the given rows.
    func sql(_ db: Database, restrictedTo rows: [Int64]? = nil) throws -> (String, StatementArguments) {
        let compiled = try compiled(db, restrictedTo: rows)
        return (compiled.sql, compiled.arguments)
    }

    /// The SQL and its arguments (collection queries never depend on the clock).
    func compiled(_ db: Database, restrictedTo rows: [Int64]? = nil) throws -> CompiledFetch {
        var conditions: [String] = []
        var arguments = StatementArguments()
        var order = "c.position, c.id"
        let notProject = "c.id NOT IN (SELECT collection_id FROM project)"
        func add(_ condition: String, _ values: [any DatabaseValueConvertible]) {
            conditions.append(condition)
            _ = arguments.append(contentsOf: StatementArguments(values))
        }
        switch scope {
        case .assetCollections(let type, let subtype):
            add("c.kind = 1", [])
            if let type { add("c.type = ?", [type]) }
            if let subtype { add("c.subtype = ?", [subtype]) }
            if type == CollectionRaw.moment { order = "c.start_date, c.id" }
            if type == nil || type == CollectionRaw.album { add(notProject, []) }
        case .collectionLists(let type, let subtype):
            add("c.kind = 2", [])
            if let type { add("c.type = ?", [type]) }
            if let subtype { add("c.subtype = ?", [subtype]) }
            if type == CollectionRaw.momentList { order = "c.start_date, c.id" }
        case .identifiers(let identifiers, let kind):
            add("c.identifier IN (SELECT value FROM json_each(?))", [AssetQuery.jsonArray(identifiers)])
            if let kind { add("c.kind = ?", [kind.rawValue]) }
        case .topLevelUserCollections:
            add("c.parent_id IS NULL AND ((c.kind = 1 AND c.type = 1) OR (c.kind = 2 AND c.type = 2))", [])
            add(notProject, [])
        case .projects:
            add("c.kind = 1 AND c.id IN (SELECT collection_id FROM project)", [])
            order = "c.creation_date, c.id"
        case .children(let parent):
            let parentRow = try Row.fetchOne(db, sql: "SELECT type, subtype FROM collection WHERE id = ?", arguments: [parent])
            if let parentRow, (parentRow[0] as Int) == CollectionRaw.momentList {
                let column = (parentRow[1] as Int) == CollectionRaw.momentListYear ? "year_list_id" : "cluster_list_id"
                add("c.\(column) = ?", [parent])
                order = "c.start_date, c.id"
            } else {
                add("c.parent_id = ?", [parent])
            }
        case .containingAsset(let asset, let type):
            var parts = [
                "(c.type = 1 AND c.id IN (SELECT collection_id FROM album_asset WHERE asset_id = \(asset)))",
                "(c.type = 3 AND c.id = (SELECT moment_id FROM asset WHERE id = \(asset)))",
            ]
            let smart = try SmartAlbum.all.filter { try $0.contains(assetRowID: asset, db) }.map(\.subtype)
            if !smart.isEmpty { parts.append("(c.type = 2 AND c.subtype IN (\(smart.map(String.init).joined(separator: ","))))") }
            add("c.kind = 1 AND (\(parts.joined(separator: " OR ")))", [])
            add(notProject, [])
            if let type { add("c.type = ?", [type]) }
        case .listsContaining(let child):
            add("c.kind = 2 AND (c.id = (SELECT parent_id FROM collection WHERE id = ?) OR c.id = (SELECT cluster_list_id FROM collection WHERE id = ?) OR c.id = (SELECT year_list_id FROM collection WHERE id = ?))", [child, child, child])
        case .momentLists(let subtype, let moment):
            add("c.kind = 2 AND c.type = 1 AND c.subtype = ?", [subtype])
            if let moment {
                let column = subtype == CollectionRaw.momentListYear ? "year_list_id" : "cluster_list_id"
                add("c.id = (SELECT \(column) FROM collection WHERE id = ?)", [moment])
            }
            order = "c.start_date, c.id"
        }
        if let predicate {
            conditions.append("(\(predicate.sql))")
            _ = arguments.append(contentsOf: StatementArguments(predicate.arguments.map(\.databaseValue)))
        }
        if let rows { add("c.id IN (SELECT value FROM json_each(?))", [AssetQuery.jsonArray(rows)]) }
        if let scoped = readScope.collectionCondition() { conditions.append(scoped) }
        if !sort.isEmpty {
            order = sort.map { "\($0.sql) \($0.ascending ? "ASC" : "DESC")" }.joined(separator: ", ") + ", c.id"
        }
        var sql = "SELECT c.id FROM collection c WHERE \(conditions.isEmpty ? "1" : conditions.joined(separator: " AND ")) ORDER BY \(order)"
        if limit > 0 { sql += " LIMIT \(limit)" }
        return CompiledFetch(sql: sql, arguments: arguments, isStable: true)
    }
}

extension SmartAlbum {
    /// True when the album's live query selects the asset.
    func contains(assetRowID asset: Int64, _ db: Database) throws -> Bool {
        var visibility = ["a.trashed_date IS NULL", "a.burst_extra = 0"]
        visibility.append(showsHiddenAssets ? "a.is_hidden = 1" : "a.is_hidden = 0")
        let condition = self.condition.replacingOccurrences(of: ":recentSince", with: "?")
        var arguments: StatementArguments = [asset]
        if self.condition.contains(":recentSince") {
            arguments = [asset, Date().timeIntervalSince1970 - SmartAlbum.recentlyAddedWindow]
        }
        return try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM asset a WHERE a.id = ? AND \(visibility.joined(separator: " AND ")) AND \(condition))", arguments: arguments) ?? false
    }
}
