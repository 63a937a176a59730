import FetchPredicates
import Foundation
import PhotoLibrary

/// `POST /api/fetches`: a PhotoKit fetch — what to fetch (`entity` and `scope`), `predicate` in PhotoKit's
/// predicate format (asset fetches also accept `cameraMake`, `cameraModel`, `latitude` and `longitude`), `sort`
/// descriptors, and the `PHFetchOptions` switches.
struct FetchRequestBody: StrictBody {
    var entity: FetchSnapshot.Entity
    var scope: Scope?
    var predicate: String?
    var sort: [SortDescriptorJSON]?
    var includeHiddenAssets: Bool?
    var includeAllBurstAssets: Bool?
    var fetchLimit: Int?
    static let fields: Set<String> = ["entity", "scope", "predicate", "sort", "includeHiddenAssets", "includeAllBurstAssets", "fetchLimit"]

    /// Where the fetch starts. Assets: `all`, `mediaType`, `collection`, `identifiers`, `burst`, `trash`.
    /// Collections: `assetCollections` / `collectionLists` (optional `collectionType`, `subtype`), `topLevelUserCollections`,
    /// `children` (of `collection`), `containingAsset` (`asset`, optional `collectionType`), `identifiers`.
    struct Scope: Codable {
        var type: String
        var mediaType: Int?
        var collection: String?
        var asset: String?
        var identifiers: [String]?
        var burstIdentifier: String?
        var collectionType: Int?
        var subtype: Int?
    }

    struct SortDescriptorJSON: Codable {
        var key: String
        var ascending: Bool?
    }

    /// The core query this body asks for, as `readScope` may see it; 400 for anything malformed, unknown or
    /// unsupported, 404 for a collection or asset the scope does not see.
    func query(in library: Library, readScope: ReadScope = .everything) throws -> ObservedQuery {
        let limit = fetchLimit ?? 0
        guard limit >= 0 else { throw Problem.badRequest("fetchLimit must not be negative") }
        // Assets: PhotoKit's keys plus the service's camera and location keys (PredicateSchemas.serviceAsset).
        let schema = entity == .assets ? PredicateSchemas.serviceAsset : PredicateSchemas.collection
        var compiled: CompiledPredicate?
        if let predicate, !predicate.isEmpty {
            guard predicate.utf8.count <= 16_384 else { throw Problem(.badRequest, "unsupported-predicate", "The predicate is longer than 16 KiB") }
            do {
                compiled = try PredicateCompiler.compile(PredicateParser.parse(format: predicate), schema: schema)
            } catch {
                throw Problem(.badRequest, "unsupported-predicate", "Invalid predicate: \(error.message)")
            }
        }
        let sortKeys = try (sort ?? []).map { try SortKey.resolve($0.key, ascending: $0.ascending ?? true, in: schema) }
        let scope = self.scope ?? Scope(type: entity == .assets ? "all" : "topLevelUserCollections")
        switch entity {
        case .assets:
            var query = AssetQuery(scope: try assetScope(scope, library, readScope), predicate: compiled, sort: sortKeys,
                                   includeHiddenAssets: includeHiddenAssets ?? false, includeAllBurstAssets: includeAllBurstAssets ?? false,
                                   limit: limit)
            query.readScope = readScope
            return .assets(query)
        case .collections:
            var query = CollectionQuery(scope: try collectionScope(scope, library, readScope), predicate: compiled, sort: sortKeys, limit: limit)
            query.readScope = readScope
            return .collections(query)
        }
    }

    private func assetScope(_ scope: Scope, _ library: Library, _ readScope: ReadScope) throws -> AssetQuery.Scope {
        switch scope.type {
        case "all": return .all
        case "mediaType":
            guard let raw = scope.mediaType, let type = MediaType(rawValue: raw), type != .unknown else {
                throw Problem.badRequest("scope.mediaType must be 1 (image), 2 (video) or 3 (audio)")
            }
            return .mediaType(type)
        case "collection":
            return .collection(try Self.collectionRowID(scope.collection, library, readScope))
        case "identifiers":
            let identifiers = try (scope.identifiers ?? []).map { try IdentifierPath.asset($0) }
            guard identifiers.count <= 10_000 else { throw Problem.badRequest("At most 10,000 identifiers per fetch") }
            return .identifiers(identifiers)
        case "burst":
            guard let burst = scope.burstIdentifier, !burst.isEmpty else { throw Problem.badRequest("scope.burstIdentifier is required") }
            return .burst(burst)
        case "trash": return .trash
        default:
            throw Problem.badRequest("Unknown asset scope '\(scope.type)': use all, mediaType, collection, identifiers, burst or trash")
        }
    }

    private func collectionScope(_ scope: Scope, _ library: Library, _ readScope: ReadScope) throws -> CollectionQuery.Scope {
        switch scope.type {
        case "assetCollections": return .assetCollections(type: scope.collectionType, subtype: scope.subtype)
        case "collectionLists": return .collectionLists(type: scope.collectionType, subtype: scope.subtype)
        case "topLevelUserCollections": return .topLevelUserCollections
        case "children": return .children(of: try Self.collectionRowID(scope.collection, library, readScope))
        case "containingAsset":
            let identifier = try IdentifierPath.asset(scope.asset ?? "")
            guard let row = try library.assetRowIDs(identifiers: [identifier]).first,
                  try !library.assetRows([row], visibleIn: readScope).isEmpty else { throw Problem.notFound("No asset \(identifier)") }
            return .containingAsset(row, type: scope.collectionType)
        case "identifiers":
            let identifiers = try (scope.identifiers ?? []).map { try IdentifierPath.collection($0) }
            return .identifiers(identifiers, kind: nil)
        default:
            throw Problem.badRequest("Unknown collection scope '\(scope.type)': use assetCollections, collectionLists, topLevelUserCollections, children, containingAsset or identifiers")
        }
    }

    static func collectionRowID(_ text: String?, _ library: Library, _ readScope: ReadScope = .everything) throws -> Int64 {
        let identifier = try IdentifierPath.collection(text ?? "")
        var query = CollectionQuery(scope: .identifiers([identifier], kind: nil))
        query.readScope = readScope
        guard let row = try library.collectionRowIDs(query).first else {
            throw Problem.notFound("No collection \(identifier)")
        }
        return row
    }
}
