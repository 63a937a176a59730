import Foundation
import CoreGraphics
internal import CHeif
internal import OptionalLibraries

/// HEIC/HEIF/AVIF through libheif 1.15. Images are decoded in stored orientation (`ignore_transformations`) and
/// the orientation is reported from `irot`/`imir` (falling back to EXIF when the file has neither), as Apple's
/// ImageIO does. Embedded thumbnail items serve as the embedded preview; 10/12-bit images decode to 16 bits.
public struct HEIFCodec: ImageCodec {
    public init() {}
    public var formats: [ImageFormat] { [.heic, .heif, .avif] }
    public var shrinkOnLoad: ShrinkOnLoad { [.embeddedPreview] }
    static let initialised: Bool = { heif_init(nil).code == heif_error_Ok }()
    static let heicBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx"]
    static let heifBrands: Set<String> = ["mif1", "msf1", "mif2"]

    public func sniff(_ prefix: UnsafeRawBufferPointer) -> ImageFormat? {
        guard prefix.count >= 16, prefix[4] == 0x66, prefix[5] == 0x74, prefix[6] == 0x79, prefix[7] == 0x70 else { return nil }
        let size = min(prefix.count, Int(prefix[0]) << 24 | Int(prefix[1]) << 16 | Int(prefix[2]) << 8 | Int(prefix[3]))
        var brands: [String] = [String(decoding: prefix[8..<12], as: UTF8.self)]
        var at = 16
        while at + 4 <= size { brands.append(String(decoding: prefix[at..<(at + 4)], as: UTF8.self)); at += 4 }
        if brands.contains(where: Self.heicBrands.contains) { return .heic }
        if brands.contains("avif") || brands.contains("avis") { return .avif }
        if brands.contains(where: Self.heifBrands.contains) { return .heif }
        return nil
    }

    /// A libheif context over `data` and the handle of image `index` (0 = primary, then the other top-level images).
    static func withHandle<R>(_ data: Data, index: Int, format: ImageFormat,
                              _ body: (OpaquePointer, OpaquePointer, UInt32) throws(ImageIOError) -> R) throws(ImageIOError) -> R {
        do { try OptionalLibrary.heif.load() } catch { throw ImageIOError(.unsupported, error.description, format: format) }
        _ = initialised
        guard let ctx = heif_context_alloc() else { throw ImageIOError(.unsupported, "libheif could not be initialised", format: format) }
        defer { heif_context_free(ctx) }
        let result: Result<R, ImageIOError> = data.withUnsafeBytes { raw in
            Result { () throws(ImageIOError) -> R in
                let read = heif_context_read_from_memory_without_copy(ctx, raw.baseAddress, raw.count, nil)
                guard read.code == heif_error_Ok else { throw failure(read, format: format) }
                let ids = topLevelIDs(ctx)
                guard index >= 0, index < ids.count else {
                    throw ImageIOError(.invalidArgument, "the file has \(ids.count) image(s); index \(index) does not exist", format: format)
                }
                var handle: OpaquePointer?
                let got = heif_context_get_image_handle(ctx, ids[index], &handle)
                guard got.code == heif_error_Ok, let handle else { throw failure(got, format: format) }
                defer { heif_image_handle_release(handle) }
                return try body(ctx, handle, ids[index])
            }
        }
        return try result.get()
    }

    /// Top-level image IDs, primary first.
    static func topLevelIDs(_ ctx: OpaquePointer) -> [heif_item_id] {
        let count = Int(heif_context_get_number_of_top_level_images(ctx))
        guard count > 0, count < 10_000 else { return [] }
        var ids = [heif_item_id](repeating: 0, count: count)
        let got = Int(heif_context_get_list_of_top_level_image_IDs(ctx, &ids, Int32(count)))
        var primary: heif_item_id = 0
        heif_context_get_primary_image_ID(ctx, &primary)
        let list = Array(ids.prefix(got))
        return list.filter { $0 == primary } + list.filter { $0 != primary }
    }

    static func failure(_ error: heif_error, format: ImageFormat) -> ImageIOError {
        let message = error.message.map { String(cString: $0) } ?? "unknown error"
        if error.subcode == heif_suberror_End_of_data { return ImageIOError(.truncated, "the file ends early (\(message))", format: format) }
        if error.code == heif_error_Unsupported_feature || error.code == heif_error_Unsupported_filetype {
            return ImageIOError(.unsupported, "libheif does not support this file (\(message))", format: format)
        }
        return ImageIOError(.corrupt, "the file is invalid (\(message))", format: format)
    }

    public func imageCount(in data: Data) throws(ImageIOError) -> Int {
        do { try OptionalLibrary.heif.load() } catch { throw ImageIOError(.unsupported, error.description, format: .heic) }
        _ = Self.initialised
        guard let ctx = heif_context_alloc() else { return 0 }
        defer { heif_context_free(ctx) }
        let read = data.withUnsafeBytes { heif_context_read_from_memory_without_copy(ctx, $0.baseAddress, $0.count, nil) }
        guard read.code == heif_error_Ok else { throw Self.failure(read, format: .heic) }
        return Self.topLevelIDs(ctx).count
    }

    public func header(of data: Data, index: Int, limits: ImageLimits) throws(ImageIOError) -> ImageHeader {
        let format = data.prefix(64).withUnsafeBytes { sniff($0) } ?? .heif
        return try Self.withHandle(data, index: index, format: format) { (_, handle, id) throws(ImageIOError) -> ImageHeader in
            var width = Int(heif_image_handle_get_ispe_width(handle)), height = Int(heif_image_handle_get_ispe_height(handle))
            if width <= 0 || height <= 0 { width = Int(heif_image_handle_get_width(handle)); height = Int(heif_image_handle_get_height(handle)) }
            try limits.check(width, height, format: format)
            let luma = Int(heif_image_handle_get_luma_bits_per_pixel(handle))
            var header = ImageHeader(format: format, width: width, height: height, bitsPerComponent: luma > 0 ? luma : 8,
                                     hasAlpha: heif_image_handle_has_alpha_channel(handle) != 0)
            var metadata = ImageMetadata(exif: HEIFMetadata.exif(handle), xmp: HEIFMetadata.block(handle, type: "mime", contentType: "application/rdf+xml"))
            if let orientation = HEIFBoxes.orientation(of: id, in: data) {
                metadata.orientation = orientation
                metadata.hasOrientation = true
            } else {
                metadata.adoptEXIFOrientation()
            }
            header.metadata = metadata
            header.colorSource = HEIFMetadata.colorSource(handle)
            if let icc = HEIFMetadata.rawProfile(handle) { header.metadata.iccProfile = icc }
            if let thumbnail = HEIFMetadata.thumbnailSize(handle) { header.embeddedThumbnailSize = thumbnail }
            return header
        }
    }

    public func decode(_ data: Data, index: Int, header: ImageHeader, request: DecodeRequest) throws(ImageIOError) -> DecodedPixels {
        try Self.withHandle(data, index: index, format: header.format) { (_, handle, _) throws(ImageIOError) -> DecodedPixels in
            try Self.decodeHandle(handle, header: header, request: request)
        }
    }

    public func embeddedThumbnail(of data: Data, index: Int, header: ImageHeader, request: DecodeRequest) throws(ImageIOError) -> DecodedPixels? {
        try Self.withHandle(data, index: index, format: header.format) { (_, handle, _) throws(ImageIOError) -> DecodedPixels? in
            try HEIFMetadata.withFirstThumbnail(handle) { (thumbnail) throws(ImageIOError) -> DecodedPixels? in
                var thumbHeader = header
                thumbHeader.width = Int(heif_image_handle_get_ispe_width(thumbnail))
                thumbHeader.height = Int(heif_image_handle_get_ispe_height(thumbnail))
                return try Self.decodeHandle(thumbnail, header: thumbHeader, request: request)
            }
        }
    }

    /// Decodes a handle to interleaved RGBA (8-bit, or 16-bit for deeper images when requested), ignoring transforms.
    static func decodeHandle(_ handle: OpaquePointer, header: ImageHeader, request: DecodeRequest) throws(ImageIOError) -> DecodedPixels {
        guard let options = heif_decoding_options_alloc() else { throw ImageIOError(.unsupported, "libheif options", format: header.format) }
        defer { heif_decoding_options_free(options) }
        options.pointee.ignore_transformations = 1
        let deep = header.bitsPerComponent > 8
        var image: OpaquePointer?
        let chroma = deep ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RGBA
        let decoded = heif_decode_image(handle, &image, heif_colorspace_RGB, chroma, options)
        guard decoded.code == heif_error_Ok, let image else { throw failure(decoded, format: header.format) }
        defer { heif_image_release(image) }
        let width = Int(heif_image_get_width(image, heif_channel_interleaved))
        let height = Int(heif_image_get_height(image, heif_channel_interleaved))
        try request.limits.check(width, height, format: header.format)
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else {
            throw ImageIOError(.corrupt, "libheif returned no pixels", format: header.format)
        }
        let layout: PixelBuffer.Layout = header.hasAlpha ? .rgba : .rgbx
        let bits = deep ? 16 : 8
        let depth = Int(heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved))
        let pixels = try PixelBuffer(width: width, height: height, layout: layout, bitsPerComponent: bits) { (output) throws(ImageIOError) in
            let rowBytes = width * 4 * bits / 8
            for y in 0..<height { (output.baseAddress! + y * rowBytes).copyMemory(from: plane + y * Int(stride), byteCount: rowBytes) }
            if deep, depth > 8, depth < 16 {
                // Widen 10/12-bit samples to the full 16-bit range.
                let words = output.bindMemory(to: UInt16.self)
                let top = UInt32((1 << depth) - 1)
                for i in 0..<words.count { words[i] = UInt16((UInt32(words[i]) * 65535 + top / 2) / top) }
            }
        }
        return DecodedPixels(pixels: pixels)
    }
}
