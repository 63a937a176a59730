import Foundation

/// A live fetch whose change details an observer wants: the query, the state it was made at and its ids then.
public struct ObservedFetch: Sendable, Codable {
    public var query: ObservedQuery
    public var token: Int64
    public var before: [Int64]

    public init(query: ObservedQuery, token: Int64, before: [Int64]) {
        self.query = query; self.token = token; self.before = before
    }

    private enum CodingKeys: String, CodingKey { case query, token, before, beforeList }

    // The ids travel beside the JSON in a `WireFrame` (`beforeList`: the list's number), else as base64 of
    // `RowIDBytes` (a large fetch's list would be slow as JSON numbers).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        query = try c.decode(ObservedQuery.self, forKey: .query)
        token = try c.decode(Int64.self, forKey: .token)
        if let lists = decoder.userInfo[.rowIDLists] as? RowIDLists, let index = try c.decodeIfPresent(Int.self, forKey: .beforeList) {
            before = try lists.list(index, codingPath: c.codingPath + [CodingKeys.beforeList])
            return
        }
        guard let ids = RowIDBytes.decode(try c.decode(Data.self, forKey: .before)) else {
            throw DecodingError.dataCorruptedError(forKey: .before, in: c, debugDescription: "Row ids are 8 bytes each")
        }
        before = ids
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(query, forKey: .query)
        try c.encode(token, forKey: .token)
        if let lists = encoder.userInfo[.rowIDLists] as? RowIDLists {
            try c.encode(lists.append(before), forKey: .beforeList)
        } else {
            try c.encode(RowIDBytes.encode(before), forKey: .before)
        }
    }
}

/// One observed change, prepared against the library state right after it: the change, the diff of each
/// requested fetch (nil: computed, unchanged; same order as the fetches), and the records of touched objects
/// (preloaded for small changes).
public struct PreparedChange: Sendable, Codable {
    public var change: ObservedChange
    public var diffs: [FetchDiff?]
    public var assets: [Int64: AssetRecord]
    public var collections: [Int64: CollectionRecord]
}

extension ChangeReader {
    /// Records preloaded up to this many touched objects; larger changes load objects on demand.
    public static let preloadLimit = 512

    /// Prepares `change` for observers: diffs every fetch (from its own token, which may be older than the
    /// change's start) and preloads the records of touched objects.
    public func prepare(_ change: ObservedChange, fetches: [ObservedFetch]) throws -> PreparedChange {
        var diffs: [FetchDiff?] = []
        for fetch in fetches {
            guard fetch.token < change.toToken else { diffs.append(nil); continue }
            let since = fetch.token == change.fromToken ? change.changes : try changes(since: fetch.token, through: change.toToken)
            diffs.append(try diff(fetch.query, before: fetch.before, changes: since))
        }
        let touchedAssets = Array(change.changes.assets.inserted.keys) + Array(change.changes.assets.updated.keys)
        let collections = change.changes.collections
        let touchedCollections = Array(collections.inserted.keys) + Array(collections.updated.keys)
        return PreparedChange(change: change, diffs: diffs,
                              assets: touchedAssets.count <= Self.preloadLimit ? try assets(touchedAssets) : [:],
                              collections: touchedCollections.count <= Self.preloadLimit ? try self.collections(touchedCollections) : [:])
    }
}

extension Library {
    /// The change after `token` (everything committed since, as one), prepared for `fetches` against the
    /// current state, as `scope` may see it: the change and the preloaded records are filtered to what the
    /// reader may see (the fetches' own queries carry the scope); nil when nothing was committed after `token`
    /// or nothing of it is visible.
    public func prepareChange(after token: Int64, fetches: [ObservedFetch], visibleIn scope: ReadScope = .everything) throws(LibraryError) -> PreparedChange? {
        let prepared: PreparedChange?
        do {
            prepared = try readForObservation { reader, current -> PreparedChange? in
                guard current > token else { return nil }
                let changes = try reader.changes(since: token, through: current) ?? { var c = LibraryChanges(); c.isReset = true; return c }()
                return try reader.prepare(ObservedChange(fromToken: token, toToken: current, changes: changes), fetches: fetches)
            }
        } catch {
            throw LibraryError.wrap(error, "Preparing change details failed")
        }
        guard var prepared, scope != .everything else { return prepared }
        let visible = try changes(prepared.change.changes, visibleIn: scope)
        prepared.change = ObservedChange(fromToken: prepared.change.fromToken, toToken: prepared.change.toToken, changes: visible)
        let assets = try assetRows(prepared.assets.keys, visibleIn: scope)
        prepared.assets = prepared.assets.filter { assets.contains($0.key) }
        let collections = try collectionRows(prepared.collections.keys, visibleIn: scope)
        prepared.collections = prepared.collections.filter { collections.contains($0.key) }
        return prepared
    }
}
