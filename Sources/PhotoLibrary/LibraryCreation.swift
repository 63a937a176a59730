import Foundation

/// Where `Library.open` may create a new library.
public enum LibraryCreation: Sendable {
    /// Only where nothing else lives: a directory that does not exist yet, is empty, or holds nothing but a library's
    /// own entries (another process creating the same library at the same moment). Opening any other directory
    /// that has no database fails: it is not a photo library, and it must not silently become one.
    case inNewOrEmptyDirectory
    /// Also in an existing directory holding other files (what `photos init` does when asked to).
    case inAnyDirectory

    /// The entries a library directory is made of (`database/`, `originals/`, …).
    static let libraryEntries: Set<String> = ["database", "originals", "tmp", "journal", "locks", "renders", "derivatives", "uploads", "recovered"]

    /// Throws unless a library may be opened (or made) at `url` under this rule.
    func check(_ url: URL) throws(LibraryError) {
        guard self == .inNewOrEmptyDirectory else { return }
        let fm = FileManager.default
        if fm.fileExists(atPath: url.appendingPathComponent("database/Photos.sqlite").path) { return }
        let entries = (try? fm.contentsOfDirectory(atPath: url.path)) ?? []
        let foreign = entries.filter { !Self.libraryEntries.contains($0) }.sorted()
        guard foreign.isEmpty else {
            let sample = foreign.prefix(3).joined(separator: ", ") + (foreign.count > 3 ? ", …" : "")
            throw LibraryError(.libraryUnavailable, "\(url.path) is not a photo library: it has no database/Photos.sqlite and holds other files (\(sample)). Run `photos init` to make it one, or choose a new or empty directory")
        }
    }
}
