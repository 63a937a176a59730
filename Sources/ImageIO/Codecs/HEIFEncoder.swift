import Foundation
import CoreGraphics
internal import CHeif
internal import OptionalLibraries

/// HEIC writing through libheif's x265 encoder (8-bit 4:2:0; lossless at quality 1). The ICC profile goes in a
/// 'prof' colour box, EXIF and XMP in metadata items; an EXIF orientation other than 1 is also written as
/// `irot`/`imir`, which is what HEIF readers honour. x265 is slow (about 0.5 s per 1.5 MP).
public struct HEIFEncoder: ImageEncoding {
    public init() {}
    public var encodedFormats: [ImageFormat] { [.heic] }

    /// Collects libheif's output (its writer callback appends here).
    private final class Sink { var data = Data() }

    public func encode(_ image: EncodableImage, as format: ImageFormat, options: EncodeOptions) throws(ImageIOError) -> Data {
        do { try OptionalLibrary.heif.load() } catch { throw ImageIOError(.unsupported, error.description, format: format) }
        _ = HEIFCodec.initialised
        var pixels = image.pixels.converted(toBitsPerComponent: 8)
        if !pixels.layout.isColor { pixels = pixels.expandedToRGB() }
        // libheif takes the upright picture and stores it transformed back with irot/imir; our pixels are stored
        // pixels plus an EXIF orientation, so hand it the upright picture.
        let orientation = image.metadata.exif.flatMap(EXIFOrientation.read) ?? .up
        if orientation != .up { pixels = pixels.applying(orientation) }
        guard let ctx = heif_context_alloc() else { throw ImageIOError(.encodingFailed, "libheif could not be initialised", format: .heic) }
        defer { heif_context_free(ctx) }
        var encoder: OpaquePointer?
        let found = heif_context_get_encoder_for_format(ctx, heif_compression_HEVC, &encoder)
        guard found.code == heif_error_Ok, let encoder else {
            throw ImageIOError(.unsupported, "libheif has no HEVC encoder in this installation", format: .heic)
        }
        defer { heif_encoder_release(encoder) }
        if options.lossless || options.quality >= 1 { heif_encoder_set_lossless(encoder, 1) }
        else { heif_encoder_set_lossy_quality(encoder, Int32((options.quality * 100).rounded())) }
        let alpha = pixels.layout.hasAlpha
        var heifImage: OpaquePointer?
        let created = heif_image_create(Int32(pixels.width), Int32(pixels.height), heif_colorspace_RGB,
                                        alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, &heifImage)
        guard created.code == heif_error_Ok, let heifImage else { throw HEIFCodec.failure(created, format: .heic) }
        defer { heif_image_release(heifImage) }
        heif_image_add_plane(heifImage, heif_channel_interleaved, Int32(pixels.width), Int32(pixels.height), 8)
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane(heifImage, heif_channel_interleaved, &stride) else {
            throw ImageIOError(.encodingFailed, "libheif gave no plane to fill", format: .heic)
        }
        let packed = pixels.packedRows(dropPadding: true)
        let rowBytes = pixels.width * (alpha ? 4 : 3)
        let rows = pixels.height, planeStride = Int(stride)
        packed.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            for y in 0..<rows {
                let destination = UnsafeMutableRawPointer(plane + y * planeStride)
                destination.copyMemory(from: raw.baseAddress! + y * rowBytes, byteCount: rowBytes)
            }
        }
        if options.embedColorProfile {
            let icc = image.colorSpace.iccData
            icc.withUnsafeBytes { _ = heif_image_set_raw_color_profile(heifImage, "prof", $0.baseAddress, $0.count) }
        }
        guard let encodingOptions = heif_encoding_options_alloc() else { throw ImageIOError(.encodingFailed, "libheif options", format: .heic) }
        defer { heif_encoding_options_free(encodingOptions) }
        if orientation != .up { encodingOptions.pointee.image_orientation = heif_orientation(rawValue: orientation.rawValue) }
        var handle: OpaquePointer?
        let encoded = heif_context_encode_image(ctx, heifImage, encoder, encodingOptions, &handle)
        guard encoded.code == heif_error_Ok, let handle else { throw HEIFCodec.failure(encoded, format: .heic) }
        defer { heif_image_handle_release(handle) }
        if let exif = image.metadata.exif { exif.withUnsafeBytes { _ = heif_context_add_exif_metadata(ctx, handle, $0.baseAddress, Int32($0.count)) } }
        if let xmp = image.metadata.xmp { xmp.withUnsafeBytes { _ = heif_context_add_XMP_metadata(ctx, handle, $0.baseAddress, Int32($0.count)) } }
        let sink = Sink()
        var writer = heif_writer(writer_api_version: 1, write: { _, bytes, size, user in
            let sink = Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
            if let bytes { sink.data.append(bytes.assumingMemoryBound(to: UInt8.self), count: size) }
            return heif_error(code: heif_error_Ok, subcode: heif_suberror_Unspecified, message: HEIFEncoder.okMessage)
        })
        let written = heif_context_write(ctx, &writer, Unmanaged.passUnretained(sink).toOpaque())
        guard written.code == heif_error_Ok else { throw HEIFCodec.failure(written, format: .heic) }
        return sink.data
    }

    nonisolated(unsafe) static let okMessage: UnsafePointer<CChar> = UnsafePointer(strdup("Success")!)
}

extension PixelBuffer {
    /// Gray (+ alpha) widened to RGBX/RGBA.
    func expandedToRGB() -> PixelBuffer {
        guard !layout.isColor else { return self }
        let step = bitsPerComponent / 8
        let alpha = layout.hasAlpha
        var output = Data(count: width * height * 4 * step)
        output.withUnsafeMutableBytes { (out: UnsafeMutableRawBufferPointer) in
            data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
                for y in 0..<height {
                    for x in 0..<width {
                        let from = y * bytesPerRow + x * layout.componentCount * step, to = (y * width + x) * 4 * step
                        for c in 0..<3 { for b in 0..<step { out[to + c * step + b] = input[from + b] } }
                        for b in 0..<step { out[to + 3 * step + b] = alpha ? input[from + step + b] : 0xFF }
                    }
                }
            }
        }
        return PixelBuffer(width: width, height: height, layout: alpha ? .rgba : .rgbx, bitsPerComponent: bitsPerComponent, data: output)
    }
}
