import Foundation

/// This process's memory, from `/proc/self/status`, for the benchmarks.
enum ResidentMemory {
    /// The resident set size now, in MB.
    static func currentMB() -> Double { Double(statusKB("VmRSS:")) / 1024 }

    /// The anonymous part of the resident set (`RssAnon`: the heap and stacks, not mapped files), in MB.
    static func anonymousMB() -> Double { Double(statusKB("RssAnon:")) / 1024 }

    /// The peak resident set size (`VmHWM`), in kB.
    static func peakKB() -> Int { statusKB("VmHWM:") }

    /// Resets `VmHWM` to the current RSS (`clear_refs` 5); false when the kernel refuses.
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        return (try? handle.write(contentsOf: Data("5".utf8))) != nil
    }

    /// Another process's resident set size now, in MB (0 when unreadable).
    static func currentMB(pid: Int32) -> Double { Double(statusKB("VmRSS:", path: "/proc/\(pid)/status")) / 1024 }

    /// The peak resident set size of another process, in kB (0 when unreadable).
    static func peakKB(pid: Int32) -> Int { statusKB("VmHWM:", path: "/proc/\(pid)/status") }

    /// A `kB` field of a `/proc/…/status` file (0 when unreadable).
    private static func statusKB(_ field: String, path: String = "/proc/self/status") -> Int {
        guard let status = try? String(contentsOfFile: path, encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }) else { return 0 }
        return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? 0
    }
}
