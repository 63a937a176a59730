import Foundation
import FetchPredicates
import GRDB

/// What a fetch of assets asks for: a scope, a filter, a sort and the PhotoKit fetch options.
public struct AssetQuery: Sendable {
    /// Which assets the fetch starts from.
    public enum Scope: Sendable {
        /// Every asset (`fetchAssets(with:)`).
        case all
        /// Assets of one media type.
        case mediaType(MediaType)
        /// Members of a stored collection (album, smart album or moment), by row id.
        case collection(Int64)
        /// Assets by local identifier (hidden ones included by default, as in PhotoKit).
        case identifiers([String])
        /// The frames of a burst.
        case burst(String)
        /// An explicit, ordered list of asset row ids (transient collections).
        case rowIDs([Int64])
        /// Assets in Recently Deleted (a Linux addition for the `photos` command).
        case trash
    }

    public var scope: Scope
    /// A compiled predicate over the `PHAsset` schema, if any.
    public var predicate: CompiledPredicate?
    /// Sort keys; empty means the scope's natural order.
    public var sort: [SortKey]
    public var includeHiddenAssets: Bool
    public var includeAllBurstAssets: Bool
    /// `PHAssetSourceType` mask; nil means every source.
    public var sourceTypes: Int?
    /// Maximum count; 0 means no limit.
    public var limit: Int
    /// What the reader may see (an application's grant through the service); `.everything` by default.
    public var readScope: ReadScope = .everything
    /// The parsed predicate `predicate` was compiled from, when it came from one (see `filter(by:)`): what a
    /// served library sends instead of SQL.
    public var predicateSource: PredicateNode? = nil
    /// A photo picker's filter (`PHPickerFilter`), ANDed with the rest; nil shows every kind.
    public var pickerFilter: PickerFilter? = nil

    public init(scope: Scope, predicate: CompiledPredicate? = nil, sort: [SortKey] = [], includeHiddenAssets: Bool = false,
                includeAllBurstAssets: Bool = false, sourceTypes: Int? = nil, limit: Int = 0) {
        self.scope = scope; self.predicate = predicate; self.sort = sort
        self.includeHiddenAssets = includeHiddenAssets; self.includeAllBurstAssets = includeAllBurstAssets
        self.sourceTypes = sourceTypes; self.limit = limit
    }
}

extension AssetQuery {
    /// Builds the SQL selecting the row ids, in order; `restrictedTo` limits it to the given rows (change observation).
    func sql(_ db: Database, restrictedTo rows: [Int64]? = nil) throws -> (String, StatementArguments) {
        let compiled = try compiled(db, restrictedTo: rows)
        return (compiled.sql, compiled.arguments)
    }

    /// The SQL, its arguments, and whether the same SQL always selects the same rows in one library state.
    func compiled(_ db: Database, restrictedTo rows: [Int64]? = nil) throws -> CompiledFetch {
        var isStable = true
        var joins = ""
        var conditions: [String] = []
        var arguments = StatementArguments()
        var naturalOrder = "a.creation_date, a.id"
        var showHidden = includeHiddenAssets
        var showBurstExtras = includeAllBurstAssets
        var onlyHidden = false

        switch scope {
        case .all:
            break
        case .mediaType(let type):
            conditions.append("a.media_type = ?"); _ = arguments.append(contentsOf: [type.rawValue])
        case .collection(let rowID):
            guard let row = try Row.fetchOne(db, sql: "SELECT kind, type, subtype FROM collection WHERE id = ?", arguments: [rowID]) else {
                throw LibraryError(.identifierNotFound, "The collection no longer exists")
            }
            let type: Int = row[1], subtype: Int = row[2]
            switch type {
            case CollectionRaw.album:
                joins = "JOIN album_asset m ON m.asset_id = a.id AND m.collection_id = \(rowID)"
                naturalOrder = "m.position"
            case CollectionRaw.smartAlbum:
                guard let album = SmartAlbum.definition(subtype: subtype) else { break }
                conditions.append(album.condition.replacingOccurrences(of: ":recentSince", with: "?"))
                if album.condition.contains(":recentSince") {
                    _ = arguments.append(contentsOf: [Date().timeIntervalSince1970 - SmartAlbum.recentlyAddedWindow])
                    isStable = false   // the window moves with the clock
                }
                naturalOrder = album.defaultOrder
                if album.showsHiddenAssets { showHidden = true; onlyHidden = true }
            case CollectionRaw.moment:
                conditions.append("a.moment_id = ?"); _ = arguments.append(contentsOf: [rowID])
            default:
                conditions.append("0")
            }
        case .identifiers(let identifiers):
            conditions.append("a.identifier IN (SELECT value FROM json_each(?))")
            _ = arguments.append(contentsOf: [Self.jsonArray(identifiers)])
            showHidden = true
            showBurstExtras = true
        case .burst(let identifier):
            conditions.append("a.burst_identifier = ?"); _ = arguments.append(contentsOf: [identifier])
            showHidden = true
        case .rowIDs(let ids):
            // The join is the first placeholder of the statement, so its argument goes first.
            joins = "JOIN json_each(?) j ON j.value = a.id"
            _ = arguments.append(contentsOf: [Self.jsonArray(ids)])
            naturalOrder = "j.key"
        case .trash:
            conditions.append("a.trashed_date IS NOT NULL")
            naturalOrder = "a.trashed_date, a.id"
            showHidden = true; showBurstExtras = true
        }

        // Visibility, written exactly as the partial indexes' conditions so SQLite can use them.
        var visibility: [String] = []
        if case .trash = scope {} else { visibility.append("a.trashed_date IS NULL") }
        if !showHidden { visibility.append("a.is_hidden = 0") }
        if onlyHidden { visibility.append("a.is_hidden = 1") }
        if !showBurstExtras { visibility.append("a.burst_extra = 0") }
        if let sourceTypes { visibility.append("(a.source_type & \(sourceTypes)) != 0") }
        if let scoped = readScope.assetCondition() { visibility.append(scoped) }

        var whereParts = visibility + conditions
        if let pickerFilter { whereParts.append(pickerFilter.sqlCondition) }
        if let predicate {
            whereParts.append("(\(predicate.sql))")
            _ = arguments.append(contentsOf: StatementArguments(predicate.arguments.map(\.databaseValue)))
        }
        if let rows {
            whereParts.append("a.id IN (SELECT value FROM json_each(?))")
            _ = arguments.append(contentsOf: [Self.jsonArray(rows)])
        }
        let order: String
        if sort.isEmpty {
            order = naturalOrder
        } else {
            // Ties break by row id in the direction of the last key, so a single descending key (newest first,
            // every timeline) reads its index backwards instead of sorting the whole library.
            let tieBreak = sort.last!.ascending ? "ASC" : "DESC"
            order = sort.map { "\($0.sql) \($0.ascending ? "ASC" : "DESC")" }.joined(separator: ", ") + ", a.id \(tieBreak)"
        }
        var sql = "SELECT a.id FROM asset a \(joins) WHERE \(whereParts.isEmpty ? "1" : whereParts.joined(separator: " AND ")) ORDER BY \(order)"
        if limit > 0 { sql += " LIMIT \(limit)" }
        return CompiledFetch(sql: sql, arguments: arguments, isStable: isStable)
    }

    static func jsonArray(_ values: [Int64]) -> String {
        "[" + values.lazy.map(String.init).joined(separator: ",") + "]"
    }

    static func jsonArray<T: Encodable>(_ values: [T]) -> String {
        String(decoding: (try? JSONEncoder().encode(values)) ?? Data("[]".utf8), as: UTF8.self)
    }
}

extension SQLValue {
    /// The GRDB value for a compiled predicate argument.
    var databaseValue: DatabaseValue {
        switch self {
        case .null: return .null
        case .integer(let v): return v.databaseValue
        case .real(let v): return v.databaseValue
        case .text(let v): return v.databaseValue
        }
    }
}
