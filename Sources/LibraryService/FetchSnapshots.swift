import Foundation
import PhotoLibrary
import Synchronization

/// A fetch made through the API: the ordered row ids it selected at one change token, read in pages by index,
/// so a client's grid never shifts under it. A change stream that registers the fetch moves it forward with
/// every change (and tells the client exactly how, with `PHFetchResultChangeDetails` semantics).
struct FetchSnapshot: Sendable {
    enum Entity: String, Sendable, Codable { case assets, collections }
    let id: String
    let ownerID: Int64
    let entity: Entity
    let query: ObservedQuery
    /// The ids (mapped from the core's persisted snapshot when the fetch came from one: no copy).
    var rowIDs: RowIDList
    var token: Int64
    var lastUsed: Date
}

/// The fetch snapshots of this process, bounded in number (oldest-used evicted first) and idle time.
///
/// Snapshots are immutable lists of row ids, so no other process can invalidate one; a client whose snapshot
/// was evicted (or that reaches another `photos serve` process) gets 404 `fetch-expired` and fetches again.
final class FetchSnapshotStore: Sendable {
    private let snapshots = Mutex<[String: FetchSnapshot]>([:])
    let capacity: Int
    let perAccount: Int
    static let idleLifetime: TimeInterval = 3600

    init(capacity: Int = 512, perAccount: Int = 64) { self.capacity = capacity; self.perAccount = perAccount }

    /// Keeps a new snapshot, evicting the least recently used ones over the limits.
    func insert(_ snapshot: FetchSnapshot) {
        snapshots.withLock { all in
            all[snapshot.id] = snapshot
            let cutoff = Date().addingTimeInterval(-Self.idleLifetime)
            all = all.filter { $0.value.lastUsed >= cutoff }
            let mine = all.values.filter { $0.ownerID == snapshot.ownerID }.sorted { $0.lastUsed < $1.lastUsed }
            for stale in mine.dropLast(perAccount) { all[stale.id] = nil }
            if all.count > capacity {
                for stale in all.values.sorted(by: { $0.lastUsed < $1.lastUsed }).prefix(all.count - capacity) { all[stale.id] = nil }
            }
        }
    }

    /// The snapshot with an id, if it belongs to `ownerID` and is still kept; touches it.
    func get(_ id: String, ownerID: Int64) -> FetchSnapshot? {
        snapshots.withLock { all in
            guard var snapshot = all[id], snapshot.ownerID == ownerID else { return nil }
            snapshot.lastUsed = Date()
            all[id] = snapshot
            return snapshot
        }
    }

    /// The snapshot with an id, whoever owns it (for the change broadcaster); does not touch it.
    func peek(_ id: String) -> FetchSnapshot? { snapshots.withLock { $0[id] } }

    /// Replaces a snapshot's ids after a change (only if it was still at `fromToken`).
    func advance(_ id: String, from fromToken: Int64, to rowIDs: RowIDList, token: Int64) {
        snapshots.withLock { all in
            guard var snapshot = all[id], snapshot.token == fromToken else { return }
            snapshot.rowIDs = rowIDs
            snapshot.token = token
            all[id] = snapshot
        }
    }

    func remove(_ id: String, ownerID: Int64) -> Bool {
        snapshots.withLock { all in
            guard all[id]?.ownerID == ownerID else { return false }
            all[id] = nil
            return true
        }
    }

    static func newID() -> String { UUID().uuidString.lowercased() }
}
