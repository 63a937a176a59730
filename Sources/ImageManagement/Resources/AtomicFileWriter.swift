import Foundation
import DurableFiles
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

    /// Creates the temporary file beside `destination` (whose folder must exist), or in `temporaryFolder` (which
    /// must exist and be on the same file system) so that a sweep of abandoned writes reads one small folder.
    public init(destination: URL, temporaryFolder: URL? = nil) throws(ImageManagementError) {
        self.destination = destination
        let folder = temporaryFolder ?? destination.deletingLastPathComponent()
        temporary = folder.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).partial")
        fd = FileCalls.open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
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
        let status = data.withUnsafeBytes { FileCalls.writeAll(fd, $0, path: temporary.path) }
        guard status == 0 else { throw ImageManagementError.posix("Cannot write \(destination.path)") }
    }

    /// Flushes the bytes and gives the file its final name (replacing an existing file only when `overwrite`).
    /// `faultPoint` (a test hook, see `FaultPoint`) is reached between the flush and the rename.
    public func commit(overwrite: Bool = true, faultPoint: FaultPoint? = nil) throws(ImageManagementError) {
        guard FileCalls.fsync(fd, path: temporary.path) == 0 else { throw ImageManagementError.posix("Cannot flush \(destination.path)") }
        close(fd)
        fd = -1
        faultPoint?.reach()
        if overwrite {
            guard FileCalls.rename(temporary.path, destination.path) == 0 else { throw ImageManagementError.posix("Cannot move a finished file to \(destination.path)") }
        } else {
            // link(2) fails with EEXIST instead of replacing, closing the race with another writer; file systems
            // without hard links fall back to a checked rename.
            if FileCalls.link(temporary.path, destination.path) == 0 {
                unlink(temporary.path)
            } else if errno == EEXIST {
                throw ImageManagementError(.fileExists, "Cannot write \(destination.path): the file already exists")
            } else if errno == EIO || errno == ENOSPC || errno == EDQUOT || errno == EROFS {
                throw ImageManagementError.posix("Cannot move a finished file to \(destination.path)")
            } else {
                guard !FileManager.default.fileExists(atPath: destination.path) else {
                    throw ImageManagementError(.fileExists, "Cannot write \(destination.path): the file already exists")
                }
                guard FileCalls.rename(temporary.path, destination.path) == 0 else { throw ImageManagementError.posix("Cannot move a finished file to \(destination.path)") }
            }
        }
        finished = true
        FileCalls.fsyncDirectory(destination.deletingLastPathComponent().path)
    }

    /// Removes the temporary file (no effect after `commit`).
    public func abandon() {
        if fd >= 0 { close(fd); fd = -1 }
        if !finished { unlink(temporary.path); finished = true }
    }

    /// Writes `data` to `destination` atomically in one call (`temporaryFolder`: see `init`; `faultPoint`: see
    /// `commit`).
    public static func write(_ data: Data, to destination: URL, overwrite: Bool = true, temporaryFolder: URL? = nil,
                             faultPoint: FaultPoint? = nil) throws(ImageManagementError) {
        let writer = try AtomicFileWriter(destination: destination, temporaryFolder: temporaryFolder)
        do {
            try writer.append(data)
            try writer.commit(overwrite: overwrite, faultPoint: faultPoint)
        } catch {
            writer.abandon()
            throw error
        }
    }
}
