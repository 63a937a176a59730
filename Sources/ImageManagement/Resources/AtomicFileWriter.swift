import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a file so that its final name only ever names complete, flushed content: bytes go to a hidden
/// temporary file in the same folder (`.<name>.<uuid>.partial`), which `commit` flushes and renames.
///
/// The writer holds an exclusive `flock` on the temporary file while it exists, so a sweep can tell a live
/// write from one abandoned by a process that died (`isAbandonedPartial`) without process ids, which are reused
/// (in a container every run may be pid 1).
///
/// Threading: one writer per thread; not shareable.
public final class AtomicFileWriter {
    /// The final path.
    public let destination: URL
    private let temporary: URL
    private var fd: Int32
    private var finished = false

    /// Creates the temporary file beside `destination` (whose folder must exist).
    public init(destination: URL) throws(ImageManagementError) {
        self.destination = destination
        let folder = destination.deletingLastPathComponent()
        temporary = folder.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).partial")
        fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ImageManagementError.posix("Cannot create a file in \(folder.path)") }
        flock(fd, LOCK_EX | LOCK_NB)
    }

    /// True for a temporary file of a write that will never finish: no writer holds its lock and it has not
    /// changed for `age` seconds (the age covers the instant between a writer creating the file and locking it).
    public static func isAbandonedPartial(_ url: URL, olderThan age: TimeInterval = 60) -> Bool {
        guard url.lastPathComponent.hasSuffix(".partial") else { return false }
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, Date().timeIntervalSince1970 - TimeInterval(info.st_mtim.tv_sec) >= age else { return false }
        return flock(fd, LOCK_EX | LOCK_NB) == 0
    }

    deinit { abandon() }

    /// Appends bytes.
    public func append(_ data: Data) throws(ImageManagementError) {
        let ok = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 { if errno == EINTR { continue }; return false }
                offset += n
            }
            return true
        }
        guard ok else { throw ImageManagementError.posix("Cannot write \(destination.path)") }
    }

    /// Flushes the bytes and gives the file its final name (replacing an existing file only when `overwrite`).
    public func commit(overwrite: Bool = true) throws(ImageManagementError) {
        guard fsync(fd) == 0 else { throw ImageManagementError.posix("Cannot flush \(destination.path)") }
        close(fd)
        fd = -1
        if overwrite {
            guard rename(temporary.path, destination.path) == 0 else { throw ImageManagementError.posix("Cannot move a finished file to \(destination.path)") }
        } else {
            // link(2) fails with EEXIST instead of replacing, closing the race with another writer; file systems
            // without hard links fall back to a checked rename.
            if link(temporary.path, destination.path) == 0 {
                unlink(temporary.path)
            } else if errno == EEXIST {
                throw ImageManagementError(.fileExists, "Cannot write \(destination.path): the file already exists")
            } else {
                guard !FileManager.default.fileExists(atPath: destination.path) else {
                    throw ImageManagementError(.fileExists, "Cannot write \(destination.path): the file already exists")
                }
                guard rename(temporary.path, destination.path) == 0 else { throw ImageManagementError.posix("Cannot move a finished file to \(destination.path)") }
            }
        }
        finished = true
        let folder = open(destination.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 { fsync(folder); close(folder) }
    }

    /// Removes the temporary file (no effect after `commit`).
    public func abandon() {
        if fd >= 0 { close(fd); fd = -1 }
        if !finished { unlink(temporary.path); finished = true }
    }

    /// Writes `data` to `destination` atomically in one call.
    public static func write(_ data: Data, to destination: URL, overwrite: Bool = true) throws(ImageManagementError) {
        let writer = try AtomicFileWriter(destination: destination)
        do {
            try writer.append(data)
            try writer.commit(overwrite: overwrite)
        } catch {
            writer.abandon()
            throw error
        }
    }
}
