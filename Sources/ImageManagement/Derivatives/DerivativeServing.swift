import Foundation
import PhotoLibrary

/// A stored JPEG of an asset's current picture at one derivative kind, as the library service sends it.
public struct ServedDerivative: Sendable {
    /// The file (a derivative, or for pictures no larger than the kind, a full-size JPEG stored under that kind).
    public let url: URL
    /// The content key: the SHA-256 of the rendition it was made from (an edit makes a new one).
    public let contentKey: String
}

extension ImagingContext {
    /// The file to send for an asset's picture at `kind`, made now when it is missing (urgent, on the calling
    /// thread). Pictures no larger than the kind get a full-size JPEG kept under that kind, so every still
    /// image, HEIC and RAW included, has a browser-readable file at every kind.
    public func servedDerivative(of asset: AssetRecord, kind: DerivativeKind, in library: Library) throws(ImageManagementError) -> ServedDerivative {
        let set = try representations(of: asset, version: .current, in: library, videoPosters: true)
        let key = set.rendition.contentKey
        if let url = store.existing(contentKey: key, kind: kind) { return ServedDerivative(url: url, contentKey: key) }
        if kind.size(for: set.full) != nil {
            try generator.generate(set.rendition, fileURL: set.original().url)
        } else {
            let image = try PixelOps.decode(set.original().url, atLeast: nil)
            try store.write(try PixelOps.encodeJPEG(image, quality: DerivativeKind.quality), contentKey: key, kind: kind)
        }
        guard let url = store.existing(contentKey: key, kind: kind) else {
            throw ImageManagementError(.unreadable, "No \(kind.rawValue) could be made for \(asset.identifier)")
        }
        return ServedDerivative(url: url, contentKey: key)
    }
}
