import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The temporary files of this process's atomic writes that are not finished yet, removed when the process
/// exits normally: a short command (`photos thumbnail`) may end while a background job (a derivative queued by
/// its image request) is between creating its temporary file and renaming it; without this, the file would
/// stay until a later process sweeps it. A process that is killed leaves its file to that sweep
/// (`AtomicFileWriter.isAbandonedPartial`).
enum UnfinishedWrites {
    private static let paths = Mutex<Set<String>>([])
    private static let exitHook: Void = { atexit { UnfinishedWrites.removeAll() } }()

    /// Records a temporary file that exists from now until `finish(_:)`.
    static func begin(_ path: String) {
        _ = exitHook
        paths.withLock { _ = $0.insert(path) }
    }

    /// Forgets a temporary file that was renamed or deleted.
    static func finish(_ path: String) {
        paths.withLock { _ = $0.remove(path) }
    }

    /// Deletes the recorded temporary files (all of them when the exit hook runs; those under `folder` when a
    /// test asks, so that it does not touch other tests' writes). A writer still working on one then fails to
    /// rename it, and its destination keeps what it had.
    static func removeAll(under folder: String? = nil) {
        let prefix = folder.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        let pending = paths.withLock { paths in
            let chosen = prefix.map { prefix in paths.filter { $0.hasPrefix(prefix) } } ?? paths
            paths.subtract(chosen)
            return chosen
        }
        for path in pending { unlink(path) }
    }

    /// Whether a temporary file is recorded.
    static func contains(_ path: String) -> Bool { paths.withLock { $0.contains(path) } }
}
