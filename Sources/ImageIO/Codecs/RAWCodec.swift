import Foundation
import CoreGraphics
internal import CLibRaw
internal import RAWProbe
internal import OptionalLibraries

/// Camera RAW and DNG through LibRaw's thread-safe `libraw_r`: developed with the camera's white balance into
/// sRGB (sRGB curve), stored orientation (LibRaw's flip reported as the orientation, not applied). Shrink-on-load:
/// half-size development (one pixel per Bayer quad) and the embedded preview (usually a JPEG, itself DCT-scaled).
/// LibRaw's messages about damaged data are silenced; sizes are checked before unpacking.
public struct RAWCodec: ImageCodec {
    public init() {}
    public var formats: [ImageFormat] { [.dng, .cameraRAW] }
    public var shrinkOnLoad: ShrinkOnLoad { [.halfSize, .embeddedPreview] }

    public func sniff(_ prefix: UnsafeRawBufferPointer) -> ImageFormat? { RAWSniffer.sniff(prefix) }
    public func imageCount(in data: Data) throws(ImageIOError) -> Int { 1 }

    /// A LibRaw handle that has opened `data` (kept pinned during `body`), which will take LibRaw up to `step`:
    /// LibRaw first reads the bytes that far in a process of its own (`LibRawProbe`), so a file it crashes or
    /// hangs on is refused here as corrupt.
    static func withRaw<R>(_ data: Data, format: ImageFormat, upTo step: LibRawProbe.Step,
                           _ body: (UnsafeMutablePointer<libraw_data_t>) throws(ImageIOError) -> R) throws(ImageIOError) -> R {
        do { try OptionalLibrary.libRaw.load() } catch { throw ImageIOError(.unsupported, error.description, format: format) }
        let probe = data.withUnsafeBytes { bytes in Result { () throws(LibRawProbe.Failure) in try LibRawProbe.check(bytes, upTo: step) } }
        if case .failure(let failure) = probe { throw ImageIOError(.corrupt, failure.description, format: format) }
        guard let raw = libraw_init(0) else { throw ImageIOError(.unsupported, "LibRaw could not be initialised", format: format) }
        defer { libraw_close(raw) }
        libraw_set_dataerror_handler(raw, { _, _, _ in }, nil)
        libraw_set_memerror_handler(raw, { _, _, _ in }, nil)
        let result: Result<R, ImageIOError> = data.withUnsafeBytes { bytes in
            Result { () throws(ImageIOError) -> R in
                let status = libraw_open_buffer(raw, UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
                guard status == 0 else { throw failure(status, "LibRaw cannot open the file", format: format) }
                return try body(raw)
            }
        }
        return try result.get()
    }

    static func failure(_ status: Int32, _ what: String, format: ImageFormat) -> ImageIOError {
        let reason = String(cString: libraw_strerror(status))
        let code: ImageIOError.Code = status == Int32(LIBRAW_FILE_UNSUPPORTED.rawValue) ? .unsupported
            : status == Int32(LIBRAW_IO_ERROR.rawValue) || status == Int32(LIBRAW_DATA_ERROR.rawValue) ? .truncated : .corrupt
        return ImageIOError(code, "\(what) (\(reason))", format: format)
    }

    public func header(of data: Data, index: Int, limits: ImageLimits) throws(ImageIOError) -> ImageHeader {
        guard index == 0 else { throw ImageIOError(.invalidArgument, "a RAW file holds one image; index \(index) does not exist", format: .cameraRAW) }
        let format = data.prefix(4096).withUnsafeBytes { sniff($0) } ?? .cameraRAW
        return try Self.withRaw(data, format: format, upTo: .open) { (raw) throws(ImageIOError) -> ImageHeader in
            let sizes = raw.pointee.sizes
            try limits.check(Int(sizes.raw_width), Int(sizes.raw_height), format: format)
            try limits.check(Int(sizes.width), Int(sizes.height), format: format)
            let maximum = Int(raw.pointee.color.maximum)
            var header = ImageHeader(format: format, width: Int(sizes.width), height: Int(sizes.height),
                                     bitsPerComponent: RAWMetadata.storedBitDepth(data) ?? (maximum > 0 ? Int(log2(Double(maximum)).rounded(.up)) : 16),
                                     colorSource: .named(CGColorSpace.sRGB))
            var metadata = RAWMetadata.read(data, raw: raw)
            metadata.orientation = RAWMetadata.orientation(flip: Int(sizes.flip))
            metadata.hasOrientation = true
            header.metadata = metadata
            let thumbnail = raw.pointee.thumbnail
            if thumbnail.tformat == LIBRAW_THUMBNAIL_JPEG, thumbnail.twidth > 0 {
                header.embeddedThumbnailSize = (Int(thumbnail.twidth), Int(thumbnail.theight))
            }
            return header
        }
    }

    public func decode(_ data: Data, index: Int, header: ImageHeader, request: DecodeRequest) throws(ImageIOError) -> DecodedPixels {
        try Self.withRaw(data, format: header.format, upTo: .develop) { (raw) throws(ImageIOError) -> DecodedPixels in
            let half = request.accepts(width: header.width / 2, height: header.height / 2)
            raw.pointee.params.half_size = half ? 1 : 0
            raw.pointee.params.use_camera_wb = 1
            raw.pointee.params.user_flip = 0
            libraw_set_output_color(raw, 1)
            libraw_set_output_bps(raw, request.bitsPerComponent == 16 ? 16 : 8)
            libraw_set_gamma(raw, 0, 1 / 2.4)
            libraw_set_gamma(raw, 1, 12.92)
            var status = libraw_unpack(raw)
            guard status == 0 else { throw Self.failure(status, "LibRaw cannot read the raw data", format: header.format) }
            status = libraw_dcraw_process(raw)
            guard status == 0 else { throw Self.failure(status, "LibRaw cannot develop the image", format: header.format) }
            var error: Int32 = 0
            guard let image = libraw_dcraw_make_mem_image(raw, &error) else {
                throw Self.failure(error, "LibRaw produced no image", format: header.format)
            }
            defer { libraw_dcraw_clear_mem(image) }
            return try Self.pixels(from: image, format: header.format)
        }
    }

    public func embeddedThumbnail(of data: Data, index: Int, header: ImageHeader, request: DecodeRequest) throws(ImageIOError) -> DecodedPixels? {
        let preview: Data? = try Self.withRaw(data, format: header.format, upTo: .thumbnail) { (raw) throws(ImageIOError) -> Data? in
            guard libraw_unpack_thumb(raw) == 0 else { return nil }
            var error: Int32 = 0
            guard let thumb = libraw_dcraw_make_mem_thumb(raw, &error) else { return nil }
            defer { libraw_dcraw_clear_mem(thumb) }
            guard thumb.pointee.type == LIBRAW_IMAGE_JPEG else { return nil }
            let offset = MemoryLayout<libraw_processed_image_t>.offset(of: \libraw_processed_image_t.data)!
            return Data(bytes: UnsafeRawPointer(thumb) + offset, count: Int(thumb.pointee.data_size))
        }
        guard let preview else { return nil }
        let jpeg = JPEGCodec()
        let previewHeader = try jpeg.header(of: preview, index: 0, limits: request.limits)
        var decoded = try jpeg.decode(preview, index: 0, header: previewHeader, request: request)
        // A preview with its own EXIF orientation follows it; otherwise it shares the raw's orientation.
        if previewHeader.metadata.hasOrientation { decoded.orientation = previewHeader.metadata.orientation }
        decoded.colorSource = previewHeader.colorSource == .unspecified ? .named(CGColorSpace.sRGB) : previewHeader.colorSource
        return decoded
    }

    /// LibRaw's RGB bitmap as RGBX.
    static func pixels(from image: UnsafeMutablePointer<libraw_processed_image_t>, format: ImageFormat) throws(ImageIOError) -> DecodedPixels {
        let width = Int(image.pointee.width), height = Int(image.pointee.height), colors = Int(image.pointee.colors)
        let bits = Int(image.pointee.bits)
        guard image.pointee.type == LIBRAW_IMAGE_BITMAP, colors == 3 || colors == 1, bits == 8 || bits == 16 else {
            throw ImageIOError(.unsupported, "LibRaw produced an unexpected image layout", format: format)
        }
        let offset = MemoryLayout<libraw_processed_image_t>.offset(of: \libraw_processed_image_t.data)!
        let source = UnsafeRawPointer(image) + offset
        let step = bits / 8
        let pixels = try PixelBuffer(width: width, height: height, layout: colors == 3 ? .rgbx : .gray, bitsPerComponent: bits) { output in
            if colors == 1 { output.baseAddress!.copyMemory(from: source, byteCount: width * height * step); return }
            for i in 0..<(width * height) {
                (output.baseAddress! + i * 4 * step).copyMemory(from: source + i * 3 * step, byteCount: 3 * step)
                for b in 0..<step { output[i * 4 * step + 3 * step + b] = 0xFF }
            }
        }
        return DecodedPixels(pixels: pixels, colorSource: .named(CGColorSpace.sRGB))
    }
}
