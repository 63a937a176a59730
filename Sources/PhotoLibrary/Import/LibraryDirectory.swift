import Foundation

/// Recognises photo library directories among import sources (a directory holding `database/Photos.sqlite`), so
/// a library's own files are never imported as new photos.
enum LibraryDirectory {
    /// True when `url` is a photo library directory.
    static func isLibrary(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent("database/Photos.sqlite").path)
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
