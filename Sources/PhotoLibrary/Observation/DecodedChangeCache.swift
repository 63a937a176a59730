import Foundation
import Synchronization

/// Change-log payloads this process has decoded, by token. Committed entries never change, and the same entries
/// are read many times: a change is prepared for every live fetch from that fetch's own token, so a fetch result
/// kept since long ago has the whole history since then folded again at each change. Decoding the JSON was most
/// of that cost.
///
/// An entry is reused only when the stored payload is exactly the one decoded (tokens of different libraries
/// coincide). Bounded by an estimate of the memory entries hold (``cost(of:)``); the least recently used go
/// first. (The bound was 32 MB of payload bytes alone, which let a long-running process hold ~120 MB of decoded
/// changes: `photos bench soak`'s heap grew by 1.3 KB a change for its whole run.)
final class DecodedChangeCache: Sendable {
    static let shared = DecodedChangeCache(capacity: 16 << 20)

    private struct Entry {
        var payload: String
        var changes: LibraryChanges
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Int64: [Entry]] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    /// The most memory kept, as estimated by ``cost(of:)``.
    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) { self.capacity = capacity }

    /// The changes of the entry with `token` and `payload`, decoded by `decode` unless they already were.
    func changes(token: Int64, payload: String, decode: (String) throws -> LibraryChanges) throws -> LibraryChanges {
        let cached: LibraryChanges? = state.withLock { state in
            state.clock += 1
            guard let index = state.entries[token]?.firstIndex(where: { $0.payload == payload }) else { return nil }
            state.entries[token]![index].lastUse = state.clock
            return state.entries[token]![index].changes
        }
        if let cached { return cached }
        let changes = try decode(payload)
        // A payload larger than a quarter of the cache is decoded each time rather than evicting everything.
        let cost = Self.cost(of: payload)
        guard cost <= capacity / 4 else { return changes }
        state.withLock { state in
            state.clock += 1
            state.entries[token, default: []].append(Entry(payload: payload, changes: changes, lastUse: state.clock))
            state.bytes += cost
            if state.bytes > capacity { Self.evict(&state, below: capacity * 3 / 4) }
        }
        return changes
    }

    /// The memory an entry holds, estimated from its payload: the payload itself, the sets and dictionaries decoded
    /// from it (about twice its size, measured with heaptrack on the soak's changes) and the entry's own overhead.
    static func cost(of payload: String) -> Int { payload.utf8.count * 3 + 256 }

    /// Drops the least recently used entries until their estimated memory is at most `limit`.
    private static func evict(_ state: inout State, below limit: Int) {
        let byAge = state.entries.flatMap { token, entries in entries.map { (token: token, payload: $0.payload, lastUse: $0.lastUse) } }
            .sorted { $0.lastUse < $1.lastUse }
        for old in byAge where state.bytes > limit {
            state.entries[old.token]?.removeAll { $0.lastUse == old.lastUse && $0.payload == old.payload }
            if state.entries[old.token]?.isEmpty == true { state.entries[old.token] = nil }
            state.bytes -= cost(of: old.payload)
        }
    }
}
