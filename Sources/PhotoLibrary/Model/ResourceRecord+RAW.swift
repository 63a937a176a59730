import Foundation

extension ResourceRecord {
    /// True for camera RAW and DNG files (type identifiers ending in `raw-image`).
    public var isRAW: Bool { uniformTypeIdentifier.lowercased().hasSuffix("raw-image") }
}

extension Array where Element == ResourceRecord {
    /// The RAW original among an asset's resources: the RAW of a RAW+JPEG pair (its `.alternatePhoto`), else the
    /// `.photo` of a RAW-only asset; nil when the asset has no RAW. What `.original` image requests show and what
    /// a RAW development (`photos edit --raw`, the web app's RAW sliders) reads.
    public var rawOriginal: ResourceRecord? {
        if let alternate = first(where: { $0.type == .alternatePhoto }), alternate.isRAW { return alternate }
        if let photo = first(where: { $0.type == .photo }), photo.isRAW { return photo }
        return nil
    }

    /// Whether an edit whose base `isOriginal` reads a RAW file: the original of a RAW-only photo. Such edits
    /// always store a development step naming its pipeline version (`photos edit`, the web editor).
    public func baseIsRAW(isOriginal: Bool) -> Bool {
        isOriginal && first(where: { $0.type == .photo })?.isRAW == true
    }

    /// The file a chain that develops the RAW renders from, by the rule `photos edit --raw` and the web editor
    /// share: the RAW original, and only on top of the original (never under another editor's edit).
    public func rawDevelopmentSource(baseIsOriginal: Bool) -> RAWDevelopmentSource {
        guard let raw = rawOriginal else { return .noRAW }
        return baseIsOriginal ? .raw(raw) : .notOnOriginal
    }
}

/// Where a RAW development reads (`rawDevelopmentSource(baseIsOriginal:)`).
public enum RAWDevelopmentSource: Equatable, Sendable {
    /// The RAW original to develop.
    case raw(ResourceRecord)
    /// The asset has no RAW file.
    case noRAW
    /// The current edit is another editor's (or stacked): the RAW cannot be developed under it.
    case notOnOriginal
}
