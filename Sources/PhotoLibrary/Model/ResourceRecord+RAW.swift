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
}
