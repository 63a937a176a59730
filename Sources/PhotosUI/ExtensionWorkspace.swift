import Foundation

/// An extension run's working directory where the library's edits render (`tmp/editing/` of a directory, `editing/`
/// beside a served library's cache): `<owner>-extension-<uuid>/` with the request, the adjustment data for
/// `canHandle`, and `output/` (the only place the extension may write). Named after the host library handle's owner
/// lock (`Library.workingFilePrefix`), so opening the library after a host crash removes it, while a live host's
/// directory is kept.
struct ExtensionWorkspace {
    let root: URL
    var output: URL { root.appendingPathComponent("output", isDirectory: true) }

    init(library: PHPhotoLibrary) throws {
        root = library.renderedContentDirectory
            .appendingPathComponent("\(library.workingFilePrefix)-extension-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("output", isDirectory: true), withIntermediateDirectories: true)
    }

    /// Writes the request (an editing or a project extension's) as a binary property list; returns its file.
    func write(_ request: some Encodable) throws -> URL {
        let file = root.appendingPathComponent("request.plist")
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        try encoder.encode(request).write(to: file)
        return file
    }

    /// A regular file's bytes (nil when missing, a link, or over `limit`).
    func regularFileContents(_ url: URL, limit: Int) throws -> Data? {
        guard isPlainFile(url) else { return nil }
        var info = stat()
        guard stat(url.path, &info) == 0, info.st_size <= limit else { return nil }
        return try Data(contentsOf: url)
    }

    /// True for a regular file with one link (not a symbolic link, not a hard link to something else).
    func isPlainFile(_ url: URL) -> Bool {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFREG && info.st_nlink == 1
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
