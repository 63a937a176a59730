import Foundation
import CoreGraphics

/// An image file's bytes with the codec that reads them: the entry point of the decoding pipeline.
///
/// Decoding runs: header (pixel limit checked before any allocation) → memory budget (the codec's estimate of
/// what its decode allocates plus the output, checked before decoding) → the codec's shrink-on-load (DCT scaling,
/// half-size RAW, scaled WebP, embedded preview) to the smallest size still ≥ the target → Lanczos-3 to the
/// exact target → colour conversion to the requested space → orientation. Immutable and `Sendable`; every
/// method may be called from any thread.
public struct ImageFile: Sendable {
    /// The file's bytes (memory-mapped when read from disk).
    public let data: Data
    /// The format the content announces.
    public let format: ImageFormat
    /// The codec that reads it.
    public let codec: any ImageCodec

    /// Recognises `data` by its first bytes. Throws `.empty` or `.unknownFormat`.
    public init(data: Data) throws(ImageIOError) {
        guard !data.isEmpty else { throw ImageIOError(.empty, "the file is empty (0 bytes)") }
        guard let (codec, format) = CodecRegistry.sniff(data) else {
            if data.count < 16 { throw ImageIOError(.truncated, "the data is too short (\(data.count) bytes) to be an image") }
            throw ImageIOError(.unknownFormat, "the data is not an image format this build reads (JPEG, PNG, HEIC/HEIF/AVIF, GIF, WebP, TIFF, DNG/camera RAW)")
        }
        self.data = data
        self.format = format
        self.codec = codec
    }

    /// Maps the file at `url` (pages populated up front, which costs less than faulting them in one by one)
    /// and recognises it.
    public init(contentsOf url: URL) throws(ImageIOError) {
        if let mapped = FileMapping.map(url.path) { try self.init(data: mapped); return }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ImageIOError(.io, "\(url.path): cannot be read: it is a folder, not an image file")
        }
        let bytes: Data
        do {
            bytes = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            // Foundation's Cocoa errors describe themselves as "(NSCocoaErrorDomain error 256.)": say the POSIX cause.
            let cause = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { underlying in
                underlying.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32(underlying.code))) : nil
            }
            throw ImageIOError(.io, "\(url.path): cannot be read (\(cause ?? error.localizedDescription))")
        }
        try self.init(data: bytes)
    }

    /// The number of images (frames, pages, top-level HEIF images).
    public func imageCount() throws(ImageIOError) -> Int { try codec.imageCount(in: data) }

    /// The header of image `index`; throws `.tooLarge` for images above `limits`.
    public func header(at index: Int = 0, limits: ImageLimits = ImageLimits()) throws(ImageIOError) -> ImageHeader {
        try codec.header(of: data, index: index, limits: limits)
    }

    /// Decodes per `options`.
    public func decode(_ options: DecodeOptions = DecodeOptions()) throws(ImageIOError) -> DecodedImage {
        let header = try self.header(at: options.index, limits: options.limits)
        return try decode(header: header, options: options)
    }

    /// Decodes with a header already read (saves re-parsing).
    public func decode(header: ImageHeader, options: DecodeOptions) throws(ImageIOError) -> DecodedImage {
        let oriented: (width: Int, height: Int) = options.applyOrientation ? header.orientedSize : (header.width, header.height)
        let target = options.targetSize(width: oriented.width, height: oriented.height)
        let swap = options.applyOrientation && header.metadata.orientation.swapsDimensions
        // What the codec must at least deliver, in stored orientation.
        let storedTarget = swap ? (target.height, target.width) : (target.width, target.height)
        let shrinking = storedTarget.0 < header.width || storedTarget.1 < header.height
        let wants16 = options.bitDepth == .sixteen || (options.bitDepth == .source && header.bitsPerComponent > 8)
        let request = DecodeRequest(minimumWidth: shrinking ? storedTarget.0 : nil, minimumHeight: shrinking ? storedTarget.1 : nil,
                                    bitsPerComponent: wants16 ? 16 : 8, allowPartial: options.allowPartial, limits: options.limits)
        var decoded: DecodedPixels?
        if options.allowEmbeddedThumbnail, shrinking, let size = header.embeddedThumbnailSize,
           request.accepts(width: size.width, height: size.height) {
            decoded = try? codec.embeddedThumbnail(of: data, index: options.index, header: header, request: request)
        }
        let result: DecodedPixels
        if let decoded {
            result = decoded
        } else {
            let output = ImageLimits.bufferBytes(width: target.width, height: target.height, components: 4, bytesPerComponent: wants16 ? 2 : 1)
            let (cost, overflow) = codec.decodeCost(header: header, request: request).addingReportingOverflow(output)
            try options.limits.checkBudget(overflow ? Int.max : cost, for: header)
            result = try codec.decode(data, index: options.index, header: header, request: request)
        }
        var pixels = result.pixels
        let orientation = result.orientation ?? header.metadata.orientation
        // Exact size in stored orientation (the embedded preview may be oriented differently).
        let resultSwap = options.applyOrientation && orientation.swapsDimensions
        let exact = resultSwap ? (target.height, target.width) : (target.width, target.height)
        if pixels.width != exact.0 || pixels.height != exact.1 { pixels = try pixels.resized(width: exact.0, height: exact.1) }
        if wants16 { pixels = pixels.converted(toBitsPerComponent: 16) } else { pixels = pixels.converted(toBitsPerComponent: 8) }
        let isGray = !pixels.layout.isColor
        var space = ColorConversion.space(for: result.colorSource ?? header.colorSource, gray: isGray)
        if let wanted = options.colorSpace { (pixels, space) = ColorConversion.convert(pixels, from: space, to: wanted) }
        if pixels.layout == .rgba, !header.hasAlpha { pixels = pixels.declaringOpaque() }
        var remaining = orientation
        if options.applyOrientation { pixels = pixels.applying(orientation); remaining = .up }
        return DecodedImage(pixels: pixels, colorSpace: space, orientation: remaining, header: header, isPartial: result.isPartial)
    }
}
