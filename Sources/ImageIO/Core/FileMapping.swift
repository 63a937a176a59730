import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Read-only, pre-populated file mappings wrapped as `Data` (unmapped when the last copy goes away).
package enum FileMapping {
    /// The file's bytes mapped with `MAP_POPULATE`, or `nil` (empty, unreadable, or not a regular file) so the
    /// caller falls back to Foundation, which reports the error.
    package static func map(_ path: String) -> Data? {
        #if os(Linux)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0 else { return nil }
        let length = Int(status.st_size)
        guard let address = mmap(nil, length, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0), address != MAP_FAILED else { return nil }
        return Data(bytesNoCopy: address, count: length, deallocator: .custom { pointer, count in munmap(pointer, count) })
        #else
        return nil
        #endif
    }
}
