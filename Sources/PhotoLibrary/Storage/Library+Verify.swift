import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// What `Library.verify(repair:progress:)` found: every stored file checked against its records, and the files
/// no record names.
public struct VerificationReport: Sendable {
    /// One fault.
    public struct Finding: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable {
            /// SQLite's integrity check reported a fault in the database file.
            case database
            /// A file the records name is not there (or is not a regular file).
            case missingFile
            /// A file has another length than recorded.
            case wrongSize
            /// A file's SHA-256 is not the recorded one (its bytes changed on disk).
            case wrongContent
            /// A file could not be read.
            case unreadable
            /// Records naming one file disagree about its length or hash.
            case inconsistentRecords
            /// A file in `originals/` or `renders/` that no record names.
            case unreferencedFile
        }
        public let kind: Kind
        /// The file, relative to the library (empty for database faults).
        public let path: String
        /// What is wrong, in words.
        public let detail: String
        /// Local identifiers of (up to five of) the assets whose records name the file.
        public let assetIdentifiers: [String]
    }

    /// Distinct stored files checked against their records.
    public var filesChecked = 0
    /// Bytes read and hashed.
    public var bytesChecked: Int64 = 0
    /// Resource records covered.
    public var recordsChecked = 0
    /// Every fault found, database first, then by path.
    public var findings: [Finding] = []
    /// An unreferenced file a repair moved: from its library path to one under `recovered/`.
    public struct Recovery: Sendable, Hashable {
        public let from: String
        public let to: String
    }
    /// Unreferenced files moved to `recovered/` by a repair.
    public var recovered: [Recovery] = []

    /// Whether nothing is wrong now (unreferenced files a repair moved away no longer count).
    public var isClean: Bool {
        let moved = Set(recovered.map(\.from))
        return findings.allSatisfy { $0.kind == .unreferencedFile && moved.contains($0.path) }
    }
}

extension Library {
    /// Checks the library as a whole, the way `fsck` checks a file system: SQLite's integrity check, then every
    /// file the records name — present, regular, of the recorded length and SHA-256 (each file read once, even
    /// when many records share it) — and every file in `originals/` and `renders/` that no record names.
    ///
    /// Nothing is changed unless `repair` is set; a repair never deletes anything: unreferenced files are moved to
    /// `recovered/` under their library path (a person decides what they are), and faults in recorded
    /// files are reported only, since the library holds no second copy to restore them from. Files written by a
    /// commit in progress (named in a journal intent, or referenced by the time they are re-checked) are not
    /// reported. `progress` counts bytes hashed; cancelling it stops the check with `.cancelled`.
    public func verify(repair: Bool = false, progress: Progress? = nil) throws(LibraryError) -> VerificationReport {
        if repair { try requireWritable() }
        var report = VerificationReport()
        let integrity: [String] = try read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        for line in integrity where line != "ok" {
            report.findings.append(.init(kind: .database, path: "", detail: "SQLite integrity check: \(line)", assetIdentifiers: []))
        }

        // The recorded files, one entry per distinct (path, length, hash).
        struct Recorded { let path: String; let byteCount: Int64; let sha256: String; let records: Int }
        let recorded: [Recorded] = try read { db in
            try Row.fetchAll(db, sql: "SELECT path, byte_count, sha256, COUNT(*) FROM resource GROUP BY path, byte_count, sha256 ORDER BY path").map {
                Recorded(path: $0[0], byteCount: $0[1], sha256: $0[2], records: $0[3])
            }
        }
        report.recordsChecked = recorded.reduce(0) { $0 + $1.records }
        let byPath = Dictionary(grouping: recorded, by: \.path)
        progress?.totalUnitCount = byPath.values.reduce(0) { $0 + ($1.first?.byteCount ?? 0) }
        for (path, entries) in byPath.sorted(by: { $0.key < $1.key }) {
            if progress?.isCancelled == true { throw LibraryError(.cancelled, "The check was cancelled") }
            let expected = entries[0]
            var finding: (VerificationReport.Finding.Kind, String)?
            if entries.count > 1 {
                finding = (.inconsistentRecords, "\(entries.count) different lengths or hashes are recorded for one file")
            } else {
                switch Self.hash(store.url(forRelativePath: path), progress: progress) {
                case .missing: finding = (.missingFile, "the file is not there")
                case .notRegular: finding = (.missingFile, "it is not a regular file")
                case .unreadable(let reason): finding = (.unreadable, "it cannot be read: \(reason)")
                case .cancelled: throw LibraryError(.cancelled, "The check was cancelled")
                case .read(let length, let digest):
                    report.bytesChecked += length
                    if length != expected.byteCount {
                        finding = (.wrongSize, "\(length) bytes on disk, \(expected.byteCount) recorded")
                    } else if digest != expected.sha256 {
                        finding = (.wrongContent, "its SHA-256 is \(digest), \(expected.sha256) was recorded: the bytes changed on disk")
                    }
                }
            }
            report.filesChecked += 1
            if let (kind, detail) = finding {
                report.findings.append(.init(kind: kind, path: path, detail: detail, assetIdentifiers: try assetIdentifiers(namingFile: path)))
            }
        }

        for path in try unreferencedFiles(recorded: Set(byPath.keys)) {
            report.findings.append(.init(kind: .unreferencedFile, path: path, detail: "no record names this file", assetIdentifiers: []))
            if repair { report.recovered.append(.init(from: path, to: try moveToRecovered(path))) }
        }
        return report
    }

    /// Where a repair moves an unreferenced file (a number is appended when that name is taken).
    static func recoveredPath(for path: String) -> String { "recovered/\(path)" }

    private enum HashOutcome { case missing, notRegular, unreadable(String), cancelled, read(Int64, String) }

    /// Reads a file once, hashing it; `progress` advances by the bytes read.
    private static func hash(_ url: URL, progress: Progress?) -> HashOutcome {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .notRegular }
        let fd = Glibc.open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .unreadable(String(cString: strerror(errno))) }
        defer { close(fd) }
        var hasher = SHA256Hasher()
        let chunk = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        var total: Int64 = 0
        while true {
            if progress?.isCancelled == true { return .cancelled }
            let n = Glibc.read(fd, buffer.baseAddress, chunk)
            if n < 0 {
                if errno == EINTR { continue }
                return .unreadable(String(cString: strerror(errno)))
            }
            if n == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
            total += Int64(n)
            progress?.completedUnitCount += Int64(n)
        }
        return .read(total, hasher.finalize())
    }

    private func assetIdentifiers(namingFile path: String) throws(LibraryError) -> [String] {
        try read { db in
            try String.fetchAll(db, sql: "SELECT asset.identifier FROM resource JOIN asset ON asset.id = resource.asset_id WHERE resource.path = ? LIMIT 5",
                                arguments: [path])
        }
    }

    /// Files under `originals/` and `renders/` that no record names, leaving out files a commit in progress has
    /// placed: those named in a journal intent, and those referenced by the time the candidates are re-checked.
    private func unreferencedFiles(recorded: Set<String>) throws(LibraryError) -> [String] {
        var candidates: [String] = []
        let fm = FileManager.default
        for top in ["originals", "renders"] {
            let base = url.appendingPathComponent(top, isDirectory: true)
            guard let walker = fm.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey]) else { continue }
            for case let file as URL in walker {
                guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
                let path = top + "/" + file.path.dropFirst(base.path.count).drop { $0 == "/" }
                if !recorded.contains(path) { candidates.append(path) }
            }
        }
        guard !candidates.isEmpty else { return [] }
        var inFlight = Set<String>()
        for intent in (try? fm.contentsOfDirectory(at: store.journal, includingPropertiesForKeys: nil)) ?? [] where intent.pathExtension == "intent" {
            if let text = try? String(contentsOf: intent, encoding: .utf8) { inFlight.formUnion(text.split(separator: "\n").map(String.init)) }
        }
        let nowReferenced: Set<String> = try read { db in
            var found = Set<String>()
            for path in candidates where try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM resource WHERE path = ?)", arguments: [path]) == true {
                found.insert(path)
            }
            return found
        }
        return candidates.filter { !inFlight.contains($0) && !nowReferenced.contains($0) }.sorted()
    }

    /// Moves an unreferenced file to `recovered/<path>` (a numbered name when that exists), flushed; returns
    /// its new path relative to the library.
    private func moveToRecovered(_ path: String) throws(LibraryError) -> String {
        var target = Self.recoveredPath(for: path)
        var attempt = 1
        while FileManager.default.fileExists(atPath: url.appendingPathComponent(target).path) {
            attempt += 1
            target = Self.recoveredPath(for: path) + ".\(attempt)"
        }
        let destination = url.appendingPathComponent(target)
        do {
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw LibraryError(.io, "Cannot create \(destination.deletingLastPathComponent().path): \(error.localizedDescription)")
        }
        guard rename(url.appendingPathComponent(path).path, destination.path) == 0 else {
            throw LibraryError(.io, "Cannot move \(path) to \(target): \(String(cString: strerror(errno)))")
        }
        try store.fsyncDirectory(destination.deletingLastPathComponent())
        return target
    }
}
