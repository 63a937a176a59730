import FetchPredicates
import Foundation

// Queries cross to a served library in their source form: the scope, the parsed predicate and the sort keys by
// name. Decoding compiles them again against the core's own schemas, so no SQL ever crosses; what the reader may
// see (`readScope`) and the picker filter are never decoded: the service sets them for whoever is asking.

extension AssetQuery {
    /// Filters by a parsed predicate over the `PHAsset` keys, keeping the tree for a served library; an
    /// unsupported key or operator is `.unsupportedPredicate` naming it.
    public mutating func filter(by node: PredicateNode?) throws(LibraryError) {
        predicate = try WireCompile.predicate(node, schema: PredicateSchemas.asset)
        predicateSource = node
    }
}

extension CollectionQuery {
    /// Filters by a parsed predicate over the keys of `schema` (`PHCollection`'s by default), keeping the tree for
    /// a served library.
    public mutating func filter(by node: PredicateNode?, schema: PredicateSchema = PredicateSchemas.collection) throws(LibraryError) {
        predicate = try WireCompile.predicate(node, schema: schema)
        predicateSource = node
        entityName = schema.entityName
    }
}

enum WireCompile {
    static func predicate(_ node: PredicateNode?, schema: PredicateSchema) throws(LibraryError) -> CompiledPredicate? {
        guard let node else { return nil }
        do {
            return try PredicateCompiler.compile(node, schema: schema)
        } catch {
            throw LibraryError(.unsupportedPredicate, "Unsupported predicate in fetch options: \(error.message)")
        }
    }

    static func sortKeys(_ keys: [WireSortKey], schema: PredicateSchema) throws(LibraryError) -> [SortKey] {
        var resolved: [SortKey] = []
        for key in keys { resolved.append(try SortKey.resolve(key.key, ascending: key.ascending, in: schema)) }
        return resolved
    }

    static func wireKeys(_ keys: [SortKey]) throws -> [WireSortKey] {
        try keys.map { key in
            guard let name = key.key else {
                throw EncodingError.invalidValue(key.sql, .init(codingPath: [], debugDescription: "A sort key made from SQL cannot be sent to a served library"))
            }
            return WireSortKey(key: name, ascending: key.ascending)
        }
    }

    /// Decoding failures of compiled parts become `DecodingError`s carrying the library's message.
    static func decoding<T>(_ decoder: any Decoder, _ body: () throws(LibraryError) -> T) throws -> T {
        do { return try body() } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }
}

struct WireSortKey: Codable {
    var key: String
    var ascending: Bool
}

extension AssetQuery: Codable {
    private enum CodingKeys: String, CodingKey {
        case scope, predicate, sort, includeHiddenAssets, includeAllBurstAssets, sourceTypes, limit
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let node = try c.decodeIfPresent(PredicateNode.self, forKey: .predicate)
        let keys = try c.decodeIfPresent([WireSortKey].self, forKey: .sort) ?? []
        self.init(scope: try c.decode(Scope.self, forKey: .scope),
                  sort: try WireCompile.decoding(decoder) { () throws(LibraryError) in try WireCompile.sortKeys(keys, schema: PredicateSchemas.asset) },
                  includeHiddenAssets: try c.decode(Bool.self, forKey: .includeHiddenAssets),
                  includeAllBurstAssets: try c.decode(Bool.self, forKey: .includeAllBurstAssets),
                  sourceTypes: try c.decodeIfPresent(Int.self, forKey: .sourceTypes),
                  limit: try c.decode(Int.self, forKey: .limit))
        guard limit >= 0 else { throw DecodingError.dataCorruptedError(forKey: .limit, in: c, debugDescription: "A fetch limit must not be negative") }
        try WireCompile.decoding(decoder) { () throws(LibraryError) in try filter(by: node) }
    }

    public func encode(to encoder: any Encoder) throws {
        guard predicate == nil || predicateSource != nil else {
            throw EncodingError.invalidValue(self, .init(codingPath: [], debugDescription: "A query with a predicate made from SQL cannot be sent to a served library"))
        }
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(scope, forKey: .scope)
        try c.encodeIfPresent(predicateSource, forKey: .predicate)
        try c.encode(try WireCompile.wireKeys(sort), forKey: .sort)
        try c.encode(includeHiddenAssets, forKey: .includeHiddenAssets)
        try c.encode(includeAllBurstAssets, forKey: .includeAllBurstAssets)
        try c.encodeIfPresent(sourceTypes, forKey: .sourceTypes)
        try c.encode(limit, forKey: .limit)
    }
}

extension AssetQuery.Scope: Codable {
    private enum CodingKeys: String, CodingKey { case kind, mediaType, rowID, identifiers, burst, rowIDs }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(String.self, forKey: .kind) {
        case "all": self = .all
        case "mediaType": self = .mediaType(try c.decode(MediaType.self, forKey: .mediaType))
        case "collection": self = .collection(try c.decode(Int64.self, forKey: .rowID))
        case "identifiers": self = .identifiers(try c.decode([String].self, forKey: .identifiers))
        case "burst": self = .burst(try c.decode(String.self, forKey: .burst))
        case "rowIDs": self = .rowIDs(try c.decode([Int64].self, forKey: .rowIDs))
        case "trash": self = .trash
        case let other: throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "Unknown asset scope '\(other)'")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .all: try c.encode("all", forKey: .kind)
        case .mediaType(let type): try c.encode("mediaType", forKey: .kind); try c.encode(type, forKey: .mediaType)
        case .collection(let row): try c.encode("collection", forKey: .kind); try c.encode(row, forKey: .rowID)
        case .identifiers(let ids): try c.encode("identifiers", forKey: .kind); try c.encode(ids, forKey: .identifiers)
        case .burst(let burst): try c.encode("burst", forKey: .kind); try c.encode(burst, forKey: .burst)
        case .rowIDs(let rows): try c.encode("rowIDs", forKey: .kind); try c.encode(rows, forKey: .rowIDs)
        case .trash: try c.encode("trash", forKey: .kind)
        }
    }
}

extension CollectionQuery: Codable {
    private enum CodingKeys: String, CodingKey { case scope, entity, predicate, sort, limit }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let entity = try c.decode(String.self, forKey: .entity)
        guard let schema = PredicateSchemas.collectionSchema(named: entity) else {
            throw DecodingError.dataCorruptedError(forKey: .entity, in: c, debugDescription: "Unknown collection entity '\(entity)'")
        }
        let node = try c.decodeIfPresent(PredicateNode.self, forKey: .predicate)
        let keys = try c.decodeIfPresent([WireSortKey].self, forKey: .sort) ?? []
        self.init(scope: try c.decode(Scope.self, forKey: .scope),
                  sort: try WireCompile.decoding(decoder) { () throws(LibraryError) in try WireCompile.sortKeys(keys, schema: schema) },
                  limit: try c.decode(Int.self, forKey: .limit))
        guard limit >= 0 else { throw DecodingError.dataCorruptedError(forKey: .limit, in: c, debugDescription: "A fetch limit must not be negative") }
        try WireCompile.decoding(decoder) { () throws(LibraryError) in try filter(by: node, schema: schema) }
    }

    public func encode(to encoder: any Encoder) throws {
        guard predicate == nil || predicateSource != nil else {
            throw EncodingError.invalidValue(self, .init(codingPath: [], debugDescription: "A query with a predicate made from SQL cannot be sent to a served library"))
        }
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(scope, forKey: .scope)
        try c.encode(entityName, forKey: .entity)
        try c.encodeIfPresent(predicateSource, forKey: .predicate)
        try c.encode(try WireCompile.wireKeys(sort), forKey: .sort)
        try c.encode(limit, forKey: .limit)
    }
}

extension CollectionQuery.Scope: Codable {
    private enum CodingKeys: String, CodingKey { case kind, type, subtype, identifiers, collectionKind, rowID }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decodeIfPresent(Int.self, forKey: .type), subtype = try c.decodeIfPresent(Int.self, forKey: .subtype)
        switch try c.decode(String.self, forKey: .kind) {
        case "assetCollections": self = .assetCollections(type: type, subtype: subtype)
        case "collectionLists": self = .collectionLists(type: type, subtype: subtype)
        case "identifiers":
            let kind = try c.decodeIfPresent(Int.self, forKey: .collectionKind).map { raw in
                guard let kind = CollectionRecord.Kind(rawValue: raw) else {
                    throw DecodingError.dataCorruptedError(forKey: .collectionKind, in: c, debugDescription: "Unknown collection kind \(raw)")
                }
                return kind
            }
            self = .identifiers(try c.decode([String].self, forKey: .identifiers), kind: kind)
        case "topLevelUserCollections": self = .topLevelUserCollections
        case "projects": self = .projects
        case "children": self = .children(of: try c.decode(Int64.self, forKey: .rowID))
        case "containingAsset": self = .containingAsset(try c.decode(Int64.self, forKey: .rowID), type: type)
        case "listsContaining": self = .listsContaining(try c.decode(Int64.self, forKey: .rowID))
        case "momentLists":
            guard let subtype else { throw DecodingError.dataCorruptedError(forKey: .subtype, in: c, debugDescription: "momentLists needs a subtype") }
            self = .momentLists(subtype: subtype, containingMoment: try c.decodeIfPresent(Int64.self, forKey: .rowID))
        case let other: throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "Unknown collection scope '\(other)'")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .assetCollections(let type, let subtype):
            try c.encode("assetCollections", forKey: .kind); try c.encodeIfPresent(type, forKey: .type); try c.encodeIfPresent(subtype, forKey: .subtype)
        case .collectionLists(let type, let subtype):
            try c.encode("collectionLists", forKey: .kind); try c.encodeIfPresent(type, forKey: .type); try c.encodeIfPresent(subtype, forKey: .subtype)
        case .identifiers(let ids, let kind):
            try c.encode("identifiers", forKey: .kind); try c.encode(ids, forKey: .identifiers); try c.encodeIfPresent(kind?.rawValue, forKey: .collectionKind)
        case .topLevelUserCollections: try c.encode("topLevelUserCollections", forKey: .kind)
        case .projects: try c.encode("projects", forKey: .kind)
        case .children(let row): try c.encode("children", forKey: .kind); try c.encode(row, forKey: .rowID)
        case .containingAsset(let row, let type):
            try c.encode("containingAsset", forKey: .kind); try c.encode(row, forKey: .rowID); try c.encodeIfPresent(type, forKey: .type)
        case .listsContaining(let row): try c.encode("listsContaining", forKey: .kind); try c.encode(row, forKey: .rowID)
        case .momentLists(let subtype, let moment):
            try c.encode("momentLists", forKey: .kind); try c.encode(subtype, forKey: .subtype); try c.encodeIfPresent(moment, forKey: .rowID)
        }
    }
}

extension ObservedQuery: Codable {
    private enum CodingKeys: String, CodingKey { case assets, collections }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let query = try c.decodeIfPresent(AssetQuery.self, forKey: .assets) { self = .assets(query); return }
        self = .collections(try c.decode(CollectionQuery.self, forKey: .collections))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .assets(let query): try c.encode(query, forKey: .assets)
        case .collections(let query): try c.encode(query, forKey: .collections)
        }
    }
}
