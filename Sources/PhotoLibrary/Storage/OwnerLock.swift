import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Tells live work from abandoned work without process ids: every open `Library` holds an exclusive `flock` on its
/// own file `locks/<token>.lock` for as long as it lives, and names its working files (staging files, journal
/// intents, editing renders, extension working directories) `<token>-…`. The kernel drops the lock when the
/// process dies, however it dies, so recovery treats an entry as abandoned exactly when its owner's lock can be
/// taken (or its lock file is gone). Pids are reused, and in a container every run may be pid 1; lock ownership is
/// neither.
///
/// `flock` locks belong to an open file description, so a probe from the same process (another `Library` on the
/// same directory) also sees a live owner as locked. Where the file system refuses `flock`, a probe's failure
/// counts as "held": work is only ever removed when its owner is proven gone. Threading: immutable; safe from any
/// thread.
final class OwnerLock: Sendable {
    /// The token that starts the names of this owner's working files (32 hex digits, no `-`).
    let token: String
    let url: URL
    private let descriptor: Int32

    private init(token: String, url: URL, descriptor: Int32) {
        self.token = token
        self.url = url
        self.descriptor = descriptor
    }

    deinit {
        guard descriptor >= 0 else { return }
        unlink(url.path)
        close(descriptor)
    }

    /// An owner for a handle that only reads (a library opened read-only): a fresh token, no lock file, since it
    /// never writes working files that recovery would have to judge.
    static func reader() -> OwnerLock {
        let token = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        return OwnerLock(token: token, url: URL(fileURLWithPath: "/dev/null"), descriptor: -1)
    }

    /// Creates and locks a fresh lock file in `directory`. The file is locked before it gets its final name, so
    /// no recovery can ever see a live owner's lock file unlocked.
    static func acquire(in directory: URL) throws -> OwnerLock {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for _ in 0..<8 {
            let token = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            let pending = directory.appendingPathComponent("\(token).pending")
            let final = directory.appendingPathComponent("\(token).lock")
            let fd = open(pending.path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw lockError("Cannot create the lock file \(pending.path)") }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                // Another process's recovery took the pending file first (and will delete it): try a new token.
                if errno == EWOULDBLOCK || errno == EINTR { close(fd); continue }
                // A file system without flock: go on unlocked. Probes then fail too and count the owner as live,
                // so such work is never recovered, but never deleted while in use either.
            }
            guard rename(pending.path, final.path) == 0 else {
                close(fd)
                continue
            }
            return OwnerLock(token: token, url: final, descriptor: fd)
        }
        throw LibraryError(.io, "Cannot take a lock in \(directory.path)")
    }

    /// The owner token a working file's name starts with (everything before the first `-`).
    static func owner(ofEntryNamed name: String) -> String {
        String(name.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    /// Deletes the lock files no live owner holds (call after their owners' entries were dealt with), and pending
    /// lock files left by a process that died while creating one.
    static func removeAbandoned(in directory: URL) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] {
            let url = directory.appendingPathComponent(name)
            guard url.pathExtension == "lock" || url.pathExtension == "pending" else { continue }
            let fd = open(url.path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { continue }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { unlink(url.path) }
            close(fd)
        }
    }

    /// True when `token` names a lock file that some live owner holds.
    static func isHeld(_ token: String, in directory: URL) -> Bool {
        guard !token.isEmpty, !token.contains("/"), !token.hasPrefix(".") else { return false }
        let fd = open(directory.appendingPathComponent("\(token).lock").path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        if flock(fd, LOCK_EX | LOCK_NB) == 0 {
            flock(fd, LOCK_UN)
            return false
        }
        return true
    }

    private static func lockError(_ message: String) -> LibraryError {
        LibraryError(.io, "\(message): \(String(cString: strerror(errno)))")
    }
}
