import Foundation

/// What an import did: the assets it created, the pairs it formed, and every file it left out, with the reason.
public struct ImportSummary: Sendable {
    /// Regular files considered (after expanding directories).
    public var filesConsidered = 0
    /// Local identifiers of the created assets, in commit order.
    public var createdAssetIdentifiers: [String] = []
    /// Assets made of a still and its Live Photo movie (same content identifier).
    public var livePhotoPairs = 0
    /// Assets made of a JPEG/HEIC and a RAW/DNG with the same base name in the same directory.
    public var rawJPEGPairs = 0
    /// Primary files skipped because the library (or this import) already holds the same content.
    public var duplicates: [String] = []
    /// Files that could not be imported, each with the reason given by inspection or the library.
    public var rejected: [ImportRejection] = []
    /// Photo library directories found inside source folders and skipped whole: their originals, renders and
    /// thumbnails are not new photos.
    public var skippedLibraries: [String] = []
    /// True when the import stopped early because its `Progress` was cancelled; committed batches stay.
    public var wasCancelled = false

    /// Number of assets created.
    public var imported: Int { createdAssetIdentifiers.count }
    /// Number of assets skipped as duplicates.
    public var duplicatesSkipped: Int { duplicates.count }

    public init() {}
}

/// A file the importer left out, and why.
public struct ImportRejection: Sendable, Hashable, CustomStringConvertible {
    /// The file's path as found.
    public var path: String
    /// The problem, in the words of media inspection or the library (e.g. "the file is empty (0 bytes)").
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// "<path>: <reason>".
    public var description: String { "\(path): \(reason)" }
}
