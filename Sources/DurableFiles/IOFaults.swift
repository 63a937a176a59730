import Foundation
import Synchronization

/// Failures the tests ask for on purpose, from `PHOTOS_IO_FAULTS`: a comma-separated list of rules
/// `OPERATION[@PATH-PART]:ERROR[:N[+]]`.
///
/// - `OPERATION`: `open`, `write`, `short-write` (the call writes half what it was given and succeeds: callers
///   must loop), `fsync`, `rename`, `link`; `sqlite-write` and `sqlite-sync` fail the database's own writes and
///   flushes (`SQLiteFaults`, in `PhotoLibrary`).
/// - `PATH-PART`: the rule applies only to paths containing it (`write@/derivatives/:ENOSPC:1`).
/// - `ERROR`: `ENOSPC`, `EIO`, `EDQUOT`, `EROFS` or `EACCES` (ignored by `short-write`).
/// - `N`: the rule fires on its Nth matching call (default 1); `N+` fires on that call and every later one (a
///   disk that stays full).
///
/// Off, and a single load of an empty table, unless the variable is set. Counters are per process.
public enum IOFaults {
    /// A file-system call the table can fail.
    public enum Operation: String, Sendable, CaseIterable {
        case open, write, shortWrite = "short-write", fsync, rename, link
        case sqliteWrite = "sqlite-write", sqliteSync = "sqlite-sync"
    }

    /// One rule of the table.
    public struct Rule: Sendable {
        public let operation: Operation
        public let pathPart: String?
        public let errorNumber: Int32
        public let nth: Int
        public let sticky: Bool
    }

    private final class Entry: Sendable {
        let rule: Rule
        let calls = Atomic<Int>(0)
        init(_ rule: Rule) { self.rule = rule }
    }

    private static let entries: [Entry] = {
        guard let text = ProcessInfo.processInfo.environment["PHOTOS_IO_FAULTS"], !text.isEmpty else { return [] }
        return text.split(separator: ",").compactMap { parse(String($0)).map(Entry.init) }
    }()

    /// The rules the environment set (empty when none).
    public static var rules: [Rule] { entries.map(\.rule) }

    /// Parses one rule; nil (and a line on stderr, as this is a test hook) when it is malformed.
    static func parse(_ text: String) -> Rule? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let target = parts[0].split(separator: "@", maxSplits: 1).map(String.init)
        guard parts.count >= 2, let operation = Operation(rawValue: target[0]), let number = errorNumber(named: parts[1]) else {
            FileHandle.standardError.write(Data("PHOTOS_IO_FAULTS: ignoring the malformed rule \(text)\n".utf8))
            return nil
        }
        var count = parts.count > 2 ? parts[2] : "1"
        let sticky = count.hasSuffix("+")
        if sticky { count.removeLast() }
        return Rule(operation: operation, pathPart: target.count > 1 ? target[1] : nil, errorNumber: number,
                    nth: max(1, Int(count) ?? 1), sticky: sticky)
    }

    private static func errorNumber(named name: String) -> Int32? {
        switch name {
        case "ENOSPC": ENOSPC
        case "EIO": EIO
        case "EDQUOT": EDQUOT
        case "EROFS": EROFS
        case "EACCES": EACCES
        default: nil
        }
    }

    /// Counts a call of `operation` on `path` against every matching rule; returns the error number to fail it
    /// with, or nil to let it run.
    public static func fault(for operation: Operation, path: String) -> Int32? {
        guard !entries.isEmpty else { return nil }
        var result: Int32?
        for entry in entries where entry.rule.operation == operation && (entry.rule.pathPart.map { path.contains($0) } ?? true) {
            let call = entry.calls.add(1, ordering: .relaxed).newValue
            if call == entry.rule.nth || (entry.rule.sticky && call > entry.rule.nth) {
                result = result ?? entry.rule.errorNumber
                FileHandle.standardError.write(Data("PHOTOS_IO_FAULT \(operation.rawValue) \(path)\n".utf8))
            }
        }
        return result
    }
}
