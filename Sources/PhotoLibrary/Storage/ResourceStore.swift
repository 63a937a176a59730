import Foundation
import DurableFiles
#if canImport(Glibc)
import Glibc
#endif

/// The library's files: originals stored byte-for-byte, staged under a temporary name, flushed, renamed,
/// and only then referenced by a committed transaction.
///
/// Crash safety rests on *intent files*: before files are renamed into place (or before a purge commits),
/// an intent listing their paths is written to `journal/`. After the transaction, the intent is removed.
/// On open, any intent left by a dead process is resolved by one rule: a listed path that no resource row
/// references is deleted. That covers both an import that never committed and a purge whose unlink never ran.
///
/// Staging files and intents are named after the owning `Library`'s lock (`OwnerLock`), so recovery can tell
/// abandoned ones from those of a live writer in any process.
///
/// Threading: stateless apart from paths and the owner lock; safe from any thread and any process.
final class ResourceStore: Sendable {
    let root: URL
    /// The lock of the `Library` handle this store writes for; its token starts the names of our working files.
    let owner: OwnerLock
    var originals: URL { Self.originals(root) }
    var staging: URL { Self.staging(root) }
    var journal: URL { Self.journal(root) }
    /// Owner lock files (see `OwnerLock`).
    var locks: URL { Self.locksDirectory(root) }

    /// Creates the directories of a library (when missing) and takes a new owner lock in it.
    init(root: URL) throws {
        self.root = root
        for dir in [Self.originals(root), Self.staging(root), Self.journal(root)] {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        }
        owner = try OwnerLock.acquire(in: Self.locksDirectory(root))
    }

    /// A store for reading only: creates nothing and takes no lock (see `OwnerLock.reader()`).
    init(readingRoot root: URL) {
        self.root = root
        owner = OwnerLock.reader()
    }

    private static func originals(_ root: URL) -> URL { root.appendingPathComponent("originals", isDirectory: true) }
    private static func staging(_ root: URL) -> URL { root.appendingPathComponent("tmp", isDirectory: true) }
    private static func journal(_ root: URL) -> URL { root.appendingPathComponent("journal", isDirectory: true) }
    private static func locksDirectory(_ root: URL) -> URL { root.appendingPathComponent("locks", isDirectory: true) }

    /// The absolute URL of a stored resource.
    func url(forRelativePath path: String) -> URL { root.appendingPathComponent(path) }

    // MARK: Staging

    /// A file copied into the staging area, flushed, with its digest.
    struct StagedFile: Sendable {
        let temporaryURL: URL
        let byteCount: Int64
        let sha256: String
    }

    /// Copies a file (or writes data) to a temporary name in the library, hashing as it goes, then fsyncs it.
    func stage(_ source: ResourceSource) throws -> StagedFile {
        let name = "\(owner.token)-\(UUID().uuidString).tmp"
        let target = staging.appendingPathComponent(name)
        let fd = FileCalls.open(target.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw posixError("Cannot create a staging file in \(staging.path)") }
        var ok = false
        defer {
            close(fd)
            if !ok { unlink(target.path) }
        }
        var hasher = SHA256Hasher()
        var total: Int64 = 0
        switch source {
        case .data(let data):
            try data.withUnsafeBytes { buffer in
                hasher.update(buffer)
                try writeAll(fd, buffer, target: target)
            }
            total = Int64(data.count)
        case .file(let url):
            let input = open(url.path, O_RDONLY | O_CLOEXEC)
            guard input >= 0 else { throw posixError("Cannot read \(url.path)", code: .invalidResource) }
            defer { close(input) }
            let chunk = 1 << 20
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
            defer { buffer.deallocate() }
            while true {
                let n = read(input, buffer.baseAddress, chunk)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw posixError("Cannot read \(url.path)", code: .invalidResource)
                }
                if n == 0 { break }
                let slice = UnsafeRawBufferPointer(rebasing: buffer[0..<n])
                hasher.update(slice)
                try writeAll(fd, slice, target: target)
                total += Int64(n)
            }
        }
        guard FileCalls.fsync(fd, path: target.path) == 0 else { throw posixError("Cannot flush \(target.path)") }
        ok = true
        return StagedFile(temporaryURL: target, byteCount: total, sha256: hasher.finalize())
    }

    private func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer, target: URL) throws {
        guard FileCalls.writeAll(fd, buffer, path: target.path) == 0 else { throw posixError("Cannot write \(target.path)") }
    }

    /// Removes a staged file that will not be used.
    func discard(_ staged: StagedFile) { unlink(staged.temporaryURL.path) }

    // MARK: Placing and intents

    /// A journal entry naming paths whose fate the next transaction decides.
    struct Intent: Sendable {
        let url: URL
        let relativePaths: [String]
    }

    /// Writes an intent for `relativePaths` (flushed) so a crash at any later point can be resolved.
    func writeIntent(_ relativePaths: [String]) throws -> Intent {
        let name = "\(owner.token)-\(UUID().uuidString)"
        let tmp = journal.appendingPathComponent(name + ".partial")
        let final = journal.appendingPathComponent(name + ".intent")
        let data = Data(relativePaths.joined(separator: "\n").utf8)
        try writeDurably(data, to: tmp)
        guard FileCalls.rename(tmp.path, final.path) == 0 else { throw posixError("Cannot write the journal entry \(final.path)") }
        try fsyncDirectory(journal)
        return Intent(url: final, relativePaths: relativePaths)
    }

    /// Renames staged files to their final paths (creating folders), then flushes the folders.
    func place(_ staged: StagedFile, at relativePath: String) throws {
        let target = url(forRelativePath: relativePath)
        let folder = target.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard FileCalls.rename(staged.temporaryURL.path, target.path) == 0 else {
            throw posixError("Cannot move \(staged.temporaryURL.lastPathComponent) into \(folder.path)")
        }
        try fsyncDirectory(folder)
    }

    /// Forgets an intent once its transaction has committed or rolled back and its files were dealt with.
    func clearIntent(_ intent: Intent) {
        unlink(intent.url.path)
    }

    /// Deletes the listed files that `isReferenced` says no row points to.
    /// Only paths inside the library are ever deleted: an absolute path or one with a `..` component (which no
    /// library writes) is skipped, whatever a damaged or hostile database or journal says.
    func deleteUnreferenced(_ relativePaths: [String], isReferenced: (String) throws -> Bool) rethrows {
        var deleted = 0
        for path in relativePaths where try Self.staysInside(path) && !isReferenced(path) {
            unlink(url(forRelativePath: path).path)
            deleted += 1
            if deleted == 1 && relativePaths.count > 1 { FaultPoint.midDelete.reach() }
        }
    }

    /// True for a relative path without `..` components.
    static func staysInside(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/").contains("..")
    }

    // MARK: Recovery

    /// Intents and staging files (or editing working directories) whose owner no longer holds its lock.
    func abandonedWork() -> (intents: [Intent], stagingFiles: [URL]) {
        let fm = FileManager.default
        var intents: [Intent] = []
        for url in (try? fm.contentsOfDirectory(at: journal, includingPropertiesForKeys: nil)) ?? [] {
            guard isOwnerDead(url.lastPathComponent) else { continue }
            if url.pathExtension == "partial" { unlink(url.path); continue }
            guard url.pathExtension == "intent", let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            intents.append(Intent(url: url, relativePaths: text.split(separator: "\n").map(String.init)))
        }
        // Editing outputs and extension working directories live one level down, in tmp/editing.
        let editing = staging.appendingPathComponent("editing", isDirectory: true)
        let staged = ((try? fm.contentsOfDirectory(at: staging, includingPropertiesForKeys: nil)) ?? []).filter { $0 != editing }
            + ((try? fm.contentsOfDirectory(at: editing, includingPropertiesForKeys: nil)) ?? [])
        return (intents, staged.filter { isOwnerDead($0.lastPathComponent) })
    }

    /// Journal and staging names start with their owner's token; an owner whose lock can be taken (or whose lock
    /// file is gone, as for names from before owner locks, which started with a pid) abandoned the work.
    private func isOwnerDead(_ name: String) -> Bool {
        !OwnerLock.isHeld(OwnerLock.owner(ofEntryNamed: name), in: locks)
    }

    /// Deletes lock files of owners that are gone (once their work was recovered).
    func removeAbandonedLocks() { OwnerLock.removeAbandoned(in: locks) }

    // MARK: Helpers

    func writeDurably(_ data: Data, to url: URL) throws {
        let fd = FileCalls.open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw posixError("Cannot create \(url.path)") }
        defer { close(fd) }
        try data.withUnsafeBytes { try writeAll(fd, $0, target: url) }
        guard FileCalls.fsync(fd, path: url.path) == 0 else { throw posixError("Cannot flush \(url.path)") }
    }

    /// Flushes a folder after a rename into it. A failure is an error (the rename may not survive a power cut),
    /// except on file systems that cannot flush folders at all (`EINVAL`, `ENOTSUP`).
    func fsyncDirectory(_ url: URL) throws(LibraryError) {
        guard FileCalls.fsyncDirectory(url.path) != 0 else { return }
        if errno == EINVAL || errno == ENOTSUP { return }
        throw posixError("Cannot flush the folder \(url.path)")
    }

    private func posixError(_ message: String, code: LibraryError.Code = .io) -> LibraryError {
        LibraryError.posix(errno, message, code: code)
    }
}

/// Where a new resource's bytes come from.
public enum ResourceSource: Sendable {
    case file(URL)
    case data(Data)
}
