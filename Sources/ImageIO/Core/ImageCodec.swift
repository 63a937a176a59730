import Foundation
import CoreGraphics

/// A codec plug-in: declares its formats and suffixes, recognises its files from their first bytes, reads
/// headers without decoding, and decodes — at reduced size directly when the format allows (shrink-on-load).
///
/// Codecs are stateless values: every call parses what it needs from the bytes it is given, so they are
/// `Sendable` and may be called from any thread at once. C handles never outlive a call.
public protocol ImageCodec: Sendable {
    /// The formats this codec reads (a HEIF codec reads HEIC, HEIF and AVIF).
    var formats: [ImageFormat] { get }
    /// How this codec can produce smaller images more cheaply than a full decode.
    var shrinkOnLoad: ShrinkOnLoad { get }
    /// The format the first bytes announce, if it is one of this codec's; `prefix` holds at least 64 bytes
    /// when the file is that long (4 KiB when available, for TIFF-based formats).
    func sniff(_ prefix: UnsafeRawBufferPointer) -> ImageFormat?
    /// How many images the file holds (frames of an animation, top-level HEIF images, TIFF pages).
    func imageCount(in data: Data) throws(ImageIOError) -> Int
    /// The header of image `index`. Must refuse images above `limits` before allocating anything sized by them.
    func header(of data: Data, index: Int, limits: ImageLimits) throws(ImageIOError) -> ImageHeader
    /// The bytes `decode` will allocate for `request` (its buffers at the size it decodes to), estimated from
    /// the header before decoding; checked against `ImageLimits.maxDecodeBytes`. See `DecodeBudget.swift`.
    func decodeCost(header: ImageHeader, request: DecodeRequest) -> Int
    /// Decodes image `index` in its stored orientation.
    func decode(_ data: Data, index: Int, header: ImageHeader, request: DecodeRequest) throws(ImageIOError) -> DecodedPixels
    /// The file's own thumbnail or preview of image `index`, decoded, or `nil` when there is none.
    func embeddedThumbnail(of data: Data, index: Int, header: ImageHeader, request: DecodeRequest) throws(ImageIOError) -> DecodedPixels?
}

extension ImageCodec {
    public func embeddedThumbnail(of data: Data, index: Int, header: ImageHeader, request: DecodeRequest) throws(ImageIOError) -> DecodedPixels? { nil }
}

/// A codec that also writes files.
public protocol ImageEncoding: Sendable {
    /// The formats this encoder writes.
    var encodedFormats: [ImageFormat] { get }
    /// Encodes upright pixels (the caller has already applied orientation) with the given metadata blocks.
    func encode(_ image: EncodableImage, as format: ImageFormat, options: EncodeOptions) throws(ImageIOError) -> Data
}

/// Ways a codec makes a smaller image without a full-size decode.
public struct ShrinkOnLoad: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// JPEG DCT-domain scaling by 1/2, 1/4 or 1/8.
    public static let dctScaling = ShrinkOnLoad(rawValue: 1)
    /// The decoder scales while decoding (libwebp).
    public static let scaledDecode = ShrinkOnLoad(rawValue: 2)
    /// Half-size decoding (LibRaw's `half_size`: one pixel per Bayer quad).
    public static let halfSize = ShrinkOnLoad(rawValue: 4)
    /// The file embeds a thumbnail or preview (EXIF thumbnail, HEIF thumbnail item, RAW preview).
    public static let embeddedPreview = ShrinkOnLoad(rawValue: 8)
    /// The decoder reads rows as they come and keeps only a reduced image (PNG strips box-averaged, GIF frames
    /// composited on a sampled canvas).
    public static let rowReduction = ShrinkOnLoad(rawValue: 16)
}

/// Limits applied before anything sized by a header is allocated.
///
/// Two limits: a pixel count checked on every header, and a memory budget checked before a decode starts
/// against what that decode allocates (the codec's own buffers at the size it will decode to, see
/// `ImageCodec.decodeCost`, plus the output), so a small file cannot make a decode take gigabytes.
public struct ImageLimits: Sendable, Hashable {
    /// The largest width × height accepted (default 200 megapixels).
    public var maxPixelCount: Int
    /// The most bytes one decode may allocate (default 1 GiB).
    public var maxDecodeBytes: Int
    /// Creates limits.
    public init(maxPixelCount: Int = ImageLimits.defaultMaxPixelCount, maxDecodeBytes: Int = ImageLimits.defaultMaxDecodeBytes) {
        self.maxPixelCount = maxPixelCount
        self.maxDecodeBytes = maxDecodeBytes
    }
    /// 200 megapixels.
    public static let defaultMaxPixelCount = 200_000_000
    /// 1 GiB.
    public static let defaultMaxDecodeBytes = 1 << 30

    /// Throws `.tooLarge` (or `.corrupt` for non-positive sizes) for a header claiming `width × height`.
    public func check(_ width: Int, _ height: Int, format: ImageFormat) throws(ImageIOError) {
        guard width > 0, height > 0 else {
            throw ImageIOError(.corrupt, "the header claims an image of \(width)×\(height) pixels", format: format)
        }
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || product > maxPixelCount {
            throw ImageIOError(.tooLarge, "the header claims \(width)×\(height) pixels (\(Self.megapixels(width, height))), "
                               + "more than the limit of \(Self.megapixels(maxPixelCount, 1)); nothing was decoded", format: format)
        }
    }

    private static func megapixels(_ w: Int, _ h: Int) -> String {
        let value = Double(w) * Double(h) / 1_000_000
        return value >= 10 ? "\(Int(value.rounded())) MP" : String(format: "%.1f MP", value)
    }
}

/// What the pipeline asks of a codec's decode.
public struct DecodeRequest: Sendable, Hashable {
    /// The smallest stored-orientation size that still satisfies the caller; a codec that can shrink on load may
    /// return anything at least this large (in both dimensions). `nil` asks for full size.
    public var minimumWidth: Int?
    /// See `minimumWidth`.
    public var minimumHeight: Int?
    /// 16 asks for 16-bit samples when the file has more than 8 bits; otherwise 8-bit output is produced.
    public var bitsPerComponent: Int
    /// Whether a truncated file may yield the part that decoded (flagged `isPartial`) instead of an error.
    public var allowPartial: Bool
    /// The pixel limit (already checked on the header; codecs re-check sizes they discover while decoding).
    public var limits: ImageLimits

    /// Creates a request.
    public init(minimumWidth: Int? = nil, minimumHeight: Int? = nil, bitsPerComponent: Int = 8, allowPartial: Bool = false,
                limits: ImageLimits = ImageLimits()) {
        self.minimumWidth = minimumWidth
        self.minimumHeight = minimumHeight
        self.bitsPerComponent = bitsPerComponent
        self.allowPartial = allowPartial
        self.limits = limits
    }

    /// Whether an image of `width × height` still satisfies the minimum.
    public func accepts(width: Int, height: Int) -> Bool {
        width >= (minimumWidth ?? Int.max) && height >= (minimumHeight ?? Int.max)
    }
}

/// A codec's decode result: stored-orientation pixels and what colour they are in.
public struct DecodedPixels: Sendable {
    /// The pixels.
    public var pixels: PixelBuffer
    /// The colour of the pixels when it differs from the header's (RAW development produces sRGB).
    public var colorSource: ImageHeader.ColorSource?
    /// Whether the file ended early and only part of the image is real (the rest is filled).
    public var isPartial: Bool
    /// The orientation the pixels still need, when it differs from the header's (embedded previews).
    public var orientation: CGImagePropertyOrientation?

    /// Creates a result.
    public init(pixels: PixelBuffer, colorSource: ImageHeader.ColorSource? = nil, isPartial: Bool = false,
                orientation: CGImagePropertyOrientation? = nil) {
        self.pixels = pixels
        self.colorSource = colorSource
        self.isPartial = isPartial
        self.orientation = orientation
    }
}
