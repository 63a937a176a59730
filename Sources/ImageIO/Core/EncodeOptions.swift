import Foundation
import CoreGraphics

/// Upright pixels ready for an encoder, with the colour space they are in and the metadata to write.
public struct EncodableImage: Sendable {
    /// The pixels (already orientation-normalised).
    public var pixels: PixelBuffer
    /// The colour space of the pixels; its ICC profile is embedded unless the options say otherwise.
    public var colorSpace: CGColorSpace
    /// Metadata blocks to write (already reduced to what the options keep; orientation is written as 1).
    public var metadata: ImageMetadata

    /// Creates an encodable image.
    public init(pixels: PixelBuffer, colorSpace: CGColorSpace, metadata: ImageMetadata = ImageMetadata()) {
        self.pixels = pixels
        self.colorSpace = colorSpace
        self.metadata = metadata
    }
}

/// How to encode.
public struct EncodeOptions: Sendable, Hashable {
    /// Lossy quality from 0 (smallest) to 1 (best); JPEG, HEIC and WebP use it. Default 0.85.
    public var quality: Double
    /// Whether to embed the colour space's ICC profile (default true). An sRGB JPEG without a profile is the
    /// conventional "web" form; the thumbnail command strips it as `vipsthumbnail` does.
    public var embedColorProfile: Bool
    /// Whether to copy EXIF/XMP/IPTC from the source (default `.keep`).
    public var metadata: MetadataPolicy
    /// Lossless where the format allows it (WebP).
    public var lossless: Bool
    /// JPEG chroma subsampling; `nil` picks 4:2:0 below quality 0.9 and 4:4:4 from 0.9 up.
    public var chromaSubsampling: ChromaSubsampling?
    /// zlib level for PNG (0–9, default 6); TIFF uses LZW when greater than 0.
    public var compressionLevel: Int

    /// Metadata handling.
    public enum MetadataPolicy: Sendable, Hashable {
        /// Copy EXIF, XMP and IPTC, with orientation reset to 1 and pixel dimensions updated.
        case keep
        /// Write no EXIF, XMP or IPTC.
        case strip
        /// Keep everything except GPS (EXIF GPS IFD removed).
        case stripLocation
    }

    /// JPEG chroma subsampling.
    public enum ChromaSubsampling: Sendable, Hashable {
        /// Full-resolution chroma.
        case s444
        /// Chroma halved horizontally.
        case s422
        /// Chroma halved in both directions (the usual photo setting).
        case s420
    }

    /// Creates options.
    public init(quality: Double = 0.85, embedColorProfile: Bool = true, metadata: MetadataPolicy = .keep, lossless: Bool = false,
                chromaSubsampling: ChromaSubsampling? = nil, compressionLevel: Int = 6) {
        self.quality = min(max(quality, 0), 1)
        self.embedColorProfile = embedColorProfile
        self.metadata = metadata
        self.lossless = lossless
        self.chromaSubsampling = chromaSubsampling
        self.compressionLevel = compressionLevel
    }
}
