import Foundation

/// The paths every sandboxed process gets besides its policy: what the dynamic loader, libc and the
/// Swift runtime need to start a program. Missing ones are skipped.
package enum SystemLocations {
    /// Read and execute: programs and shared libraries.
    package static let executable = ["/usr", "/lib", "/lib64", "/lib32", "/bin"]
    /// Read only: loader cache, time zone, randomness, the child's own /proc entry (opened in the child,
    /// so it is the child's), CPU topology.
    package static let readable = [
        "/etc/ld.so.cache", "/etc/localtime", "/dev/urandom", "/dev/random", "/dev/zero",
        "/proc/self", "/sys/devices/system/cpu",
    ]
    /// Read and write an existing file, nothing else: the bit bucket.
    package static let devices = ["/dev/null"]

    /// Every directory holding a shared library mapped in this (host) process, e.g. the Swift runtime in
    /// `/opt/swift/usr/lib/swift/linux`, so that a Swift extension built with the same toolchain can load.
    /// Read from /proc/self/maps at each call (libraries may have been loaded since).
    package static func hostLibraryDirectories() -> [String] {
        guard let maps = try? String(decoding: readProcFile("/proc/self/maps"), as: UTF8.self) else { return [] }
        return libraryDirectories(inMaps: maps)
    }

    /// The directories of the `*.so*` files named in a /proc/<pid>/maps text, in first-seen order,
    /// leaving out those the fixed lists already cover.
    package static func libraryDirectories(inMaps maps: String) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for line in maps.split(separator: "\n") {
            // address perms offset dev inode pathname — the path is everything from the first "/" on.
            guard let slash = line.firstIndex(of: "/") else { continue }
            var path = String(line[slash...])
            if path.hasSuffix(" (deleted)") { continue }
            path = path.trimmingCharacters(in: .whitespaces)
            let name = (path as NSString).lastPathComponent
            guard name.contains(".so") else { continue }
            let directory = (path as NSString).deletingLastPathComponent
            guard !directory.isEmpty, !isCovered(directory), seen.insert(directory).inserted else { continue }
            result.append(directory)
        }
        return result
    }

    private static func isCovered(_ directory: String) -> Bool {
        executable.contains { directory == $0 || directory.hasPrefix($0 + "/") }
    }

    /// Reads a /proc file (their reported size is 0, so read until EOF).
    private static func readProcFile(_ path: String) throws -> Data {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        return try handle.readToEnd() ?? Data()
    }
}
