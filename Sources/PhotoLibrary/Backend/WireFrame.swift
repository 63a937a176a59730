import Foundation

/// A JSON document with its row-id lists beside it rather than inside it (`application/x-photokit-framed`): the
/// tag `PKF1`, the JSON's length and bytes, the number of lists, then each list as its length and packed ids
/// (`RowIDBytes`). Change observation sends a live fetch's ids and receives the ids after a change this way —
/// a million ids are 8 MB copied, where base64 inside JSON costs a hundred milliseconds each way.
///
/// Types that carry ids (`ObservedFetch.before`, `FetchDiff.after`) write a list number into the JSON when the
/// coder's `userInfo` holds `RowIDLists`, and base64 in the JSON otherwise (plain `WireJSON`).
public enum WireFrame {
    /// Its content type.
    public static let contentType = "application/x-photokit-framed"
    private static let tag: [UInt8] = Array("PKF1".utf8)
    /// At most this many lists in one frame.
    static let maximumLists = 1 << 16

    /// `value` as a frame.
    public static func encode(_ value: some Encodable) throws -> Data {
        let lists = RowIDLists()
        let encoder = JSONEncoder()
        encoder.userInfo[.rowIDLists] = lists
        let json = try encoder.encode(value)
        var writer = WireWriter(capacity: 24 + json.count + lists.lists.reduce(0) { $0 + 8 + $1.count * 8 })
        writer.raw(tag)
        writer.int(json.count)
        writer.raw([UInt8](json))
        writer.int(lists.lists.count)
        for list in lists.lists {
            writer.int(list.count)
            writer.ints(list)
        }
        return Data(writer.bytes)
    }

    /// The value a frame holds; a malformed frame is an `.io` error naming the fault (JSON errors are rethrown
    /// as they are).
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let (json, lists) = try parts(data)
        let decoder = JSONDecoder()
        decoder.userInfo[.rowIDLists] = RowIDLists(lists)
        return try decoder.decode(type, from: json)
    }

    private static func parts(_ data: Data) throws(LibraryError) -> (Data, [[Int64]]) {
        let result: Result<(Data, [[Int64]]), LibraryError> = data.withUnsafeBytes { raw in
            guard raw.count >= 12, Array(raw[0..<4]) == tag else {
                return .failure(LibraryError(.io, "A framed body starts with PKF1"))
            }
            var reader = WireReader(UnsafeRawBufferPointer(rebasing: raw[4...]))
            do throws(LibraryError) {
                let jsonLength = try reader.int()
                guard jsonLength >= 0, jsonLength <= Int64(raw.count) else { throw LibraryError(.io, "A framed body's JSON length \(jsonLength) is beyond its \(raw.count) bytes") }
                let json = Data(try reader.bytes(Int(jsonLength)))
                let count = try reader.int()
                guard count >= 0, count <= Int64(maximumLists) else { throw LibraryError(.io, "A framed body claims \(count) row-id lists") }
                var lists: [[Int64]] = []
                for _ in 0..<count {
                    let length = try reader.int()
                    guard length >= 0, length <= Int64(raw.count / 8) else { throw LibraryError(.io, "A framed body claims a list of \(length) row ids") }
                    let bytes = try reader.bytes(Int(length) * 8)
                    lists.append((0..<Int(length)).map { Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: $0 * 8, as: Int64.self)) })
                }
                guard reader.isAtEnd else { throw LibraryError(.io, "A framed body has bytes after its last list") }
                return .success((json, lists))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// The row-id lists of a frame being written or read (see `WireFrame`).
public final class RowIDLists: @unchecked Sendable {
    private(set) var lists: [[Int64]]

    init(_ lists: [[Int64]] = []) { self.lists = lists }

    /// Keeps `ids` for the frame and returns their list number.
    func append(_ ids: [Int64]) -> Int {
        lists.append(ids)
        return lists.count - 1
    }

    /// The list numbered `index`, or a decoding error naming the bad number.
    func list(_ index: Int, codingPath: [any CodingKey]) throws -> [Int64] {
        guard lists.indices.contains(index) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "No row-id list \(index) in this frame (it has \(lists.count))"))
        }
        return lists[index]
    }
}

extension CodingUserInfoKey {
    /// Where `WireFrame` keeps the lists of the frame being coded.
    static let rowIDLists = CodingUserInfoKey(rawValue: "photokit.rowIDLists")!
}
