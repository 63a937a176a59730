import Foundation
import PhotoLibrary
#if canImport(Glibc)
import Glibc
#endif

/// Reads a stored resource in chunks, or copies it to a file, without ever holding it whole in memory.
///
/// Both operations check that the stored file still has the size the library recorded (a shorter file is
/// reported as truncated rather than delivered), poll a cancellation token between chunks, and report
/// progress from 0 to 1. Threading: stateless; runs on the calling thread.
public enum ResourceStreaming {
    /// The chunk size used when none is given: 1 MiB.
    public static let defaultChunkSize = 1 << 20

    /// Delivers the bytes of `resource` (stored at `url`) to `onChunk`, in order, in chunks of at most `chunkSize`.
    ///
    /// - Throws: `.cancelled` when `token` is cancelled between chunks; `.unreadable` when the file is missing
    ///   or its size differs from the recorded one; `.io` for read errors.
    public static func read(_ resource: ResourceRecord, at url: URL, chunkSize: Int = defaultChunkSize,
                            token: CancellationToken? = nil, progress: ((Double) -> Void)? = nil,
                            onChunk: (Data) throws(ImageManagementError) -> Void) throws(ImageManagementError) {
        let fd = try openChecked(resource, at: url)
        defer { close(fd) }
        let size = max(1, chunkSize)
        var buffer = [UInt8](repeating: 0, count: size)
        var done: Int64 = 0
        progress?(0)
        while true {
            if token?.isCancelled == true { throw ImageManagementError(.cancelled, "The request for \(resource.originalFilename) was cancelled") }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, size) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ImageManagementError.posix("Cannot read \(url.path)")
            }
            if n == 0 { break }
            try onChunk(Data(buffer[0..<n]))
            done += Int64(n)
            progress?(resource.byteCount > 0 ? min(1, Double(done) / Double(resource.byteCount)) : 1)
        }
        guard done == resource.byteCount else {
            throw ImageManagementError(.unreadable, "\(url.path) changed while it was read (\(done) of \(resource.byteCount) bytes)")
        }
        if resource.byteCount == 0 { progress?(1) }
    }

    /// Copies the bytes of `resource` to `destination`: written under a temporary name in the destination's
    /// folder, flushed, then renamed, so the destination never holds a partial file.
    ///
    /// - Throws: `.fileExists` when `destination` already exists (as PhotoKit, which never overwrites);
    ///   `.cancelled`, `.unreadable`, `.io` as for `read`. On any error no file is left behind.
    public static func write(_ resource: ResourceRecord, at url: URL, to destination: URL, chunkSize: Int = defaultChunkSize,
                             token: CancellationToken? = nil, progress: ((Double) -> Void)? = nil) throws(ImageManagementError) {
        guard destination.isFileURL else { throw ImageManagementError(.unsupported, "\(destination) is not a file URL") }
        if FileManager.default.fileExists(atPath: destination.path) {
            throw ImageManagementError(.fileExists, "Cannot write \(destination.path): the file already exists")
        }
        let writer = try AtomicFileWriter(destination: destination)
        do {
            try read(resource, at: url, chunkSize: chunkSize, token: token, progress: progress) { (chunk) throws(ImageManagementError) in
                try writer.append(chunk)
            }
            try writer.commit(overwrite: false)
        } catch {
            writer.abandon()
            throw error
        }
    }

    /// Opens a resource file and checks its size against the record.
    private static func openChecked(_ resource: ResourceRecord, at url: URL) throws(ImageManagementError) -> Int32 {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw ImageManagementError.posix("The stored file of \(resource.originalFilename) (\(url.path)) cannot be opened", code: .unreadable)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw ImageManagementError.posix("Cannot examine \(url.path)")
        }
        guard Int64(info.st_size) == resource.byteCount else {
            close(fd)
            throw ImageManagementError(.unreadable, "The stored file \(url.path) has \(info.st_size) bytes; the library recorded \(resource.byteCount) (truncated or replaced)")
        }
        return fd
    }
}
