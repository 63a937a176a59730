import Foundation
import DurableFiles
import PhotoLibrary

/// Where derivatives live: `<library>/derivatives/v1/<aa>/<sha256>.<kind>.jpg`, keyed by the content hash of the
/// rendition they were made from (so an edit, which makes a new rendition, never reuses stale ones).
///
/// Derivatives are a cache: files are written under a temporary name, flushed and renamed (readers never see a
/// partial file), several processes may write the same one (the content is the same), and deleting the whole
/// `derivatives/` folder loses nothing: requests fall back to the originals and the files are made again.
/// The database is never involved. Threading: stateless apart from paths; safe from any thread and process.
public struct DerivativeStore: Sendable {
    /// The library directory.
    public let libraryURL: URL
    /// `<library>/derivatives`.
    public var root: URL { libraryURL.appendingPathComponent("derivatives", isDirectory: true) }
    /// The folder of the current layout version.
    var versionRoot: URL { root.appendingPathComponent("v1", isDirectory: true) }
    /// Where derivatives are written before they are renamed into `versionRoot` (`derivatives/tmp`).
    var writingFolder: URL { root.appendingPathComponent("tmp", isDirectory: true) }

    /// Whether `libraryURL` is a library directory (else a served library's local cache, made as needed).
    public let isLibraryDirectory: Bool

    public init(libraryURL: URL, isLibraryDirectory: Bool = true) {
        self.libraryURL = libraryURL
        self.isLibraryDirectory = isLibraryDirectory
    }

    /// The file of one derivative of a rendition.
    public func url(contentKey: String, kind: DerivativeKind) -> URL {
        versionRoot.appendingPathComponent(String(contentKey.prefix(2)), isDirectory: true)
            .appendingPathComponent("\(contentKey).\(kind.rawValue).jpg")
    }

    /// The derivative's file when it exists.
    public func existing(contentKey: String, kind: DerivativeKind) -> URL? {
        Self.nonEmpty(url(contentKey: contentKey, kind: kind))
    }

    /// A movie rendition's poster file when it exists.
    public func existing(posterOf contentKey: String) -> URL? {
        Self.nonEmpty(posterURL(contentKey: contentKey))
    }

    /// `url` when a non-empty file is there (one `stat`).
    private static func nonEmpty(_ url: URL) -> URL? {
        var info = stat()
        return stat(url.path, &info) == 0 && info.st_size > 0 ? url : nil
    }

    /// Stores encoded bytes for a derivative (atomically; replaces an older file).
    public func write(_ data: Data, contentKey: String, kind: DerivativeKind) throws(ImageManagementError) {
        try write(data, to: url(contentKey: contentKey, kind: kind))
    }

    /// Writes one file of the store atomically, creating its folder (never a removed library's).
    func write(_ data: Data, to url: URL) throws(ImageManagementError) {
        // Never recreate a library that was removed while a background job ran (a served library's cache has
        // no database: it was refused here before, so its derivatives were never kept).
        guard !isLibraryDirectory || FileManager.default.fileExists(atPath: libraryURL.appendingPathComponent("database").path) else {
            throw ImageManagementError(.notFound, "The library at \(libraryURL.path) no longer exists")
        }
        for folder in [url.deletingLastPathComponent(), writingFolder] {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw ImageManagementError(.io, "Cannot create \(folder.path): \(error.localizedDescription)")
            }
        }
        try AtomicFileWriter.write(data, to: url, temporaryFolder: writingFolder, faultPoint: .derivativeBeforeRename)
    }

    /// Deletes the temporary files of derivative writes whose process died (`derivatives/tmp`: one small folder,
    /// so this runs whenever a library's imaging context starts). A live writer's file is kept: it holds a lock.
    public func removeAbandonedWrites() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: writingFolder.path)) ?? [] where name.hasSuffix(".partial") {
            let url = writingFolder.appendingPathComponent(name)
            if AtomicFileWriter.isAbandonedPartial(url) { unlink(url.path) }
        }
    }

    /// Removes the derivatives of a rendition.
    public func remove(contentKey: String) {
        for kind in DerivativeKind.allCases { unlink(url(contentKey: contentKey, kind: kind).path) }
        unlink(posterURL(contentKey: contentKey).path)
    }

    /// Every content key that has at least one derivative file.
    public func storedContentKeys() -> Set<String> {
        var keys = Set<String>()
        let fm = FileManager.default
        for folder in (try? fm.contentsOfDirectory(atPath: versionRoot.path)) ?? [] {
            for name in (try? fm.contentsOfDirectory(atPath: versionRoot.appendingPathComponent(folder).path)) ?? [] {
                if let key = name.split(separator: ".").first, name.hasSuffix(".jpg") { keys.insert(String(key)) }
            }
        }
        return keys
    }

    /// Deletes derivatives of renditions the library no longer holds (purged assets, replaced edits) and
    /// leftovers of interrupted writes. Returns how many renditions were swept.
    @discardableResult
    public func removeOrphans(in library: Library) throws(ImageManagementError) -> Int {
        let stored = storedContentKeys()
        guard !stored.isEmpty else { return 0 }
        let present: Set<String>
        do { present = try library.resourceHashesPresent(Array(stored)) } catch { throw .library(error, "Cannot list the library's resources") }
        let orphans = stored.subtracting(present)
        orphans.forEach(remove(contentKey:))
        let fm = FileManager.default
        for folder in (try? fm.contentsOfDirectory(atPath: versionRoot.path)) ?? [] {
            let dir = versionRoot.appendingPathComponent(folder)
            for name in (try? fm.contentsOfDirectory(atPath: dir.path)) ?? [] where name.hasSuffix(".partial") {
                // Only writes nobody will finish: a live writer (in any process) holds its file's lock.
                let url = dir.appendingPathComponent(name)
                if AtomicFileWriter.isAbandonedPartial(url) { unlink(url.path) }
            }
        }
        removeAbandonedWrites()
        return orphans.count
    }
}
