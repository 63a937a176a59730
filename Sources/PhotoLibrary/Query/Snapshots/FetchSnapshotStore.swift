import Foundation
import Synchronization

/// The persisted fetch snapshots of one library, in `database/fetch-snapshots/`: the ordered ids a large fetch
/// selected, keyed by the query and the change token of the state they reflect (`<key hash>-<token>.ids`).
///
/// Every commit (from any process) advances the change token inside its own transaction, so a snapshot made
/// before it is simply never looked up again: a fetch reads the token in its read transaction and opens only
/// the file for that token. A snapshot is written after a fetch ran its query on a large result, and pruned
/// when stale. Anything wrong with a file (missing, torn, damaged, another library's) is a miss, never an
/// error. Threading: stateless apart from the directory; safe from any thread and process.
struct FetchSnapshotStore: Sendable {
    /// The snapshot folder.
    let directory: URL

    /// Fetches selecting fewer ids than this run their query every time (it costs well under a millisecond);
    /// tests lower it. `PHOTOS_FETCH_SNAPSHOTS=0` in the environment turns persisted snapshots off.
    static let minimumCount = Atomic<Int>(4096)
    /// At most this many snapshot files are kept (the most recently written).
    static let maximumFiles = 24
    static let isEnabled = ProcessInfo.processInfo.environment["PHOTOS_FETCH_SNAPSHOTS"] != "0"

    init(databaseDirectory: URL) {
        directory = databaseDirectory.appendingPathComponent("fetch-snapshots", isDirectory: true)
    }

    /// The file holding the snapshot of `identity`.
    func path(for identity: SnapshotFile.Identity) -> String {
        directory.appendingPathComponent(String(format: "%016llx-%lld.ids", SnapshotChecksum.of(identity.key), identity.token)).path
    }

    /// The snapshot for `identity`, or nil when there is none or it cannot be trusted.
    func load(_ identity: SnapshotFile.Identity) -> SnapshotFile.Contents? {
        SnapshotFile.read(path(for: identity), expecting: identity)
    }

    /// Writes the snapshot (best effort: a read-only or full disk just means no snapshot), then drops stale ones.
    func save(_ ids: [Int64], _ identity: SnapshotFile.Identity) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try SnapshotFile.write(ids, identity: identity, to: path(for: identity))
        } catch {
            return
        }
        prune(currentToken: identity.token)
    }

    /// Removes snapshots of older tokens, temporary files left by a writer that died (older than a minute),
    /// and the oldest files beyond `maximumFiles`.
    func prune(currentToken: Int64) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else { return }
        var kept: [(path: String, modified: Date)] = []
        let now = Date()
        for name in names {
            let path = directory.appendingPathComponent(name).path
            let modified = (try? manager.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? now
            if name.contains(".tmp-") {
                if now.timeIntervalSince(modified) > 60 { unlink(path) }
                continue
            }
            guard name.hasSuffix(".ids"), let dash = name.lastIndex(of: "-"),
                  let token = Int64(name[name.index(after: dash)...].dropLast(4)) else { continue }
            if token < currentToken { unlink(path) } else { kept.append((path, modified)) }
        }
        guard kept.count > Self.maximumFiles else { return }
        for file in kept.sorted(by: { $0.modified > $1.modified }).dropFirst(Self.maximumFiles) { unlink(file.path) }
    }
}
