import Foundation
import CoreGraphics
import ImageIO
import PhotoLibrary

/// The encodings a sized picture can be sent in.
public enum PictureEncoding: String, Sendable, Hashable, CaseIterable {
    case jpeg
    case webp

    /// The MIME type of the encoding.
    public var mimeType: String { self == .jpeg ? "image/jpeg" : "image/webp" }
    /// Lossy quality used (0…1): JPEG as derivatives are stored; WebP a little lower, which its encoder needs
    /// for the same look at about two thirds of the bytes.
    public var quality: Double { self == .jpeg ? DerivativeKind.quality : 0.82 }
    var format: ImageFormat { self == .jpeg ? .jpeg : .webp }
}

/// An asset's picture made for one request: the bytes and their size.
public struct SizedPicture: Sendable {
    /// The encoded image (sRGB, no metadata).
    public let data: Data
    /// Its size in pixels.
    public let size: PixelSize
}

extension ImagingContext {
    /// The picture `spec` asks for, made by the image manager's rules (the smallest stored representation that
    /// covers it, shrink-on-load, exact sizes and crops; never scaled up) and encoded. Missing derivatives of
    /// the current version are queued as a request would queue them. Runs on the calling thread.
    public func sizedPicture(of asset: AssetRecord, spec: ImageRequestSpec, encoding: PictureEncoding,
                             in library: Library) throws(ImageManagementError) -> SizedPicture {
        try sizedPicture(from: representations(of: asset, version: spec.version, in: library, videoPosters: true),
                         of: asset, spec: spec, encoding: encoding, in: library)
    }

    /// The same, from the asset's representations already looked up (`representations(of:version:in:videoPosters:)`
    /// with the spec's version): a caller that needed the rendition's content key first (for a cache validator)
    /// does not read the resources twice.
    public func sizedPicture(from set: RepresentationSet, of asset: AssetRecord, spec: ImageRequestSpec, encoding: PictureEncoding,
                             in library: Library) throws(ImageManagementError) -> SizedPicture {
        if !set.missingKinds.isEmpty && spec.version == .current { generator.enqueue([asset.rowID], in: library, urgent: false) }
        let image = try ImageRenderer.render(set.best(for: spec), full: set.full, spec: spec)
        let data = try PixelOps.encode(image, as: encoding.format, quality: encoding.quality)
        return SizedPicture(data: data, size: PixelSize(width: image.width, height: image.height))
    }
}

extension ImagingContext {
    /// An image file (a stored derivative) re-encoded as `encoding` at its own size.
    public static func encodedPicture(fileAt url: URL, encoding: PictureEncoding) throws(ImageManagementError) -> Data {
        try PixelOps.encode(try PixelOps.decode(url, atLeast: nil), as: encoding.format, quality: encoding.quality)
    }
}
