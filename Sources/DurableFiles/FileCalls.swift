import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The POSIX calls every durable write of the library goes through (originals, edits, journal entries,
/// derivatives, fetch snapshots), so that tests can fail each one on purpose (`IOFaults`). Each behaves as the
/// system call it wraps: on failure it returns -1 and sets `errno`.
public enum FileCalls {
    /// `open(2)`.
    public static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0o644) -> Int32 {
        if let number = IOFaults.fault(for: .open, path: path) { errno = number; return -1 }
        return Glibc.open(path, flags, mode)
    }

    /// Writes every byte of `buffer` to `fd` (retrying interrupted and short writes); 0, or -1 with `errno`.
    public static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer, path: String) -> Int32 {
        var offset = 0
        while offset < buffer.count {
            if let number = IOFaults.fault(for: .write, path: path) { errno = number; return -1 }
            var length = buffer.count - offset
            if length > 1, IOFaults.fault(for: .shortWrite, path: path) != nil { length /= 2 }
            let n = Glibc.write(fd, buffer.baseAddress! + offset, length)
            if n < 0 {
                if errno == EINTR { continue }
                return -1
            }
            offset += n
        }
        return 0
    }

    /// `fsync(2)` of `fd`, opened at `path`.
    public static func fsync(_ fd: Int32, path: String) -> Int32 {
        if let number = IOFaults.fault(for: .fsync, path: path) { errno = number; return -1 }
        return Glibc.fsync(fd)
    }

    /// `rename(2)`.
    public static func rename(_ source: String, _ destination: String) -> Int32 {
        if let number = IOFaults.fault(for: .rename, path: destination) { errno = number; return -1 }
        return Glibc.rename(source, destination)
    }

    /// `link(2)`.
    public static func link(_ source: String, _ destination: String) -> Int32 {
        if let number = IOFaults.fault(for: .link, path: destination) { errno = number; return -1 }
        return Glibc.link(source, destination)
    }

    /// Flushes a folder (after a rename into it); 0, or -1 with `errno`.
    @discardableResult
    public static func fsyncDirectory(_ path: String) -> Int32 {
        let fd = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return -1 }
        defer { close(fd) }
        return fsync(fd, path: path)
    }
}
