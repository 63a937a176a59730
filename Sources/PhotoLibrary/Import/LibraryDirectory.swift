import Foundation

/// Recognises photo library directories among import sources (a directory holding `database/Photos.sqlite`), so
/// a library's own files are never imported as new photos.
public enum LibraryDirectory {
    /// True when `url` is a photo library directory.
    static func isLibrary(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent("database/Photos.sqlite").path)
    }

    /// The folder where the library service stages uploaded files (`<library>/uploads`) until they are imported.
    public static let uploadsFolderName = "uploads"

    /// True when `url` lies in the library's upload staging folder: uploaded files waiting for import are not
    /// the library's own content, so importing them is allowed.
    static func isUploadStaging(_ url: URL, in library: URL) -> Bool {
        let staging = library.appendingPathComponent(uploadsFolderName).path + "/"
        return url.resolvingSymlinksInPath().standardizedFileURL.path.hasPrefix(staging)
    }

    /// The library that `url` is, or is inside (symbolic links resolved), if any.
    static func enclosing(_ url: URL) -> URL? {
        var candidate = url.resolvingSymlinksInPath().standardizedFileURL
        while true {
            if isLibrary(candidate) { return candidate }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path || candidate.path == "/" { return nil }
            candidate = parent
        }
    }
}
