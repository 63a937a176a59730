import Foundation

// Records, changes and diffs as a served library sends them to its clients (JSON between two copies of this
// package; not a public format: the web app's API has its own JSON).

extension MediaSubtypes: Codable {}
extension PlaybackStyle: Codable {}
extension ResourceType: Codable {}

extension LibraryChanges: Codable {
    /// The change log's own compact form (`[rowid, identifier]` pairs per kind).
    public init(from decoder: any Decoder) throws {
        self = try LoggedChanges(from: decoder).changes
    }

    public func encode(to encoder: any Encoder) throws {
        try LoggedChanges(self).encode(to: encoder)
    }
}

extension FetchDiff: Codable {
    private enum CodingKeys: String, CodingKey { case after, afterList, removed, inserted, changed, moves, isIncremental }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // `after` beside the JSON in a `WireFrame` (`afterList`), else as base64 of packed ids (`RowIDBytes`): a
        // large fetch's list is megabytes of JSON numbers otherwise.
        if let lists = decoder.userInfo[.rowIDLists] as? RowIDLists, let index = try c.decodeIfPresent(Int.self, forKey: .afterList) {
            self.init(after: try lists.list(index, codingPath: c.codingPath + [CodingKeys.afterList]))
        } else {
            guard let after = RowIDBytes.decode(try c.decode(Data.self, forKey: .after)) else {
                throw DecodingError.dataCorruptedError(forKey: .after, in: c, debugDescription: "Row ids are 8 bytes each")
            }
            self.init(after: after)
        }
        removed = try c.decode(IndexSet.self, forKey: .removed)
        inserted = try c.decode(IndexSet.self, forKey: .inserted)
        changed = try c.decode(IndexSet.self, forKey: .changed)
        moves = try c.decode([[Int]].self, forKey: .moves).map { pair in
            guard pair.count == 2 else { throw DecodingError.dataCorruptedError(forKey: .moves, in: c, debugDescription: "A move is [from, to]") }
            return (pair[0], pair[1])
        }
        isIncremental = try c.decode(Bool.self, forKey: .isIncremental)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if let lists = encoder.userInfo[.rowIDLists] as? RowIDLists {
            try c.encode(lists.append(after), forKey: .afterList)
        } else {
            try c.encode(RowIDBytes.encode(after), forKey: .after)
        }
        try c.encode(removed, forKey: .removed)
        try c.encode(inserted, forKey: .inserted)
        try c.encode(changed, forKey: .changed)
        try c.encode(moves.map { [$0.from, $0.to] }, forKey: .moves)
        try c.encode(isIncremental, forKey: .isIncremental)
    }
}

extension ObservedChange: Codable {
    private enum CodingKeys: String, CodingKey { case fromToken, toToken, changes }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(fromToken: try c.decode(Int64.self, forKey: .fromToken), toToken: try c.decode(Int64.self, forKey: .toToken),
                  changes: try c.decode(LibraryChanges.self, forKey: .changes))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(fromToken, forKey: .fromToken)
        try c.encode(toToken, forKey: .toToken)
        try c.encode(changes, forKey: .changes)
    }
}

/// Row ids as a served library sends them: little-endian 64-bit integers, back to back (a million ids is 8 MB,
/// read without parsing).
public enum RowIDBytes {
    /// The bytes of `ids`.
    public static func encode(_ ids: some Collection<Int64>) -> Data {
        var data = Data(count: ids.count * 8)
        data.withUnsafeMutableBytes { raw in
            let out = raw.bindMemory(to: Int64.self)
            var index = 0
            for id in ids { out[index] = id.littleEndian; index += 1 }
        }
        return data
    }

    /// The bytes of the ids at `range` of `list`, copied as one block.
    public static func encode(_ list: RowIDList, in range: Range<Int>) -> Data {
        list.withUnsafeBufferPointer { ids in
            let slice = UnsafeBufferPointer(rebasing: ids[range])
            var data = Data(count: slice.count * 8)
            data.withUnsafeMutableBytes { raw in
                let out = raw.bindMemory(to: Int64.self)
                for index in slice.indices { out[index - slice.startIndex] = slice[index].littleEndian }
            }
            return data
        }
    }

    /// The ids in `data`, or nil when its length is not a multiple of 8.
    public static func decode(_ data: Data) -> [Int64]? {
        guard data.count % 8 == 0 else { return nil }
        let count = data.count / 8
        return [Int64](unsafeUninitializedCapacity: count) { buffer, initialized in
            data.withUnsafeBytes { raw in
                _ = raw.copyBytes(to: UnsafeMutableRawBufferPointer(buffer))
            }
            for index in 0..<count { buffer[index] = Int64(littleEndian: buffer[index]) }
            initialized = count
        }
    }
}
