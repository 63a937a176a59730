import Foundation
import CoreGraphics
internal import CWebP

/// WebP writing through libwebp: lossy (quality from the options) or lossless, with alpha; the ICC profile,
/// EXIF and XMP go in their RIFF chunks through libwebp's muxer. Gray is widened to RGB and 16-bit rounded to
/// 8 (WebP stores 8-bit RGB(A) only). WebP has no orientation of its own and many readers ignore EXIF's, so a
/// picture whose EXIF still states one (the `CGImageDestination` path keeps the tag as given) is turned upright
/// and its EXIF orientation written as 1. Apple's ImageIO reads WebP but does not write it: this is an addition.
public struct WebPEncoder: ImageEncoding {
    public init() {}
    public var encodedFormats: [ImageFormat] { [.webp] }

    /// libwebp's limit on either side.
    static let maximumSide = Int(WEBP_MAX_DIMENSION)

    public func encode(_ image: EncodableImage, as format: ImageFormat, options: EncodeOptions) throws(ImageIOError) -> Data {
        var pixels = image.pixels.converted(toBitsPerComponent: 8)
        if !pixels.layout.isColor { pixels = pixels.expandedToRGB() }
        var exif = image.metadata.exif
        if let stored = exif, let orientation = EXIFOrientation.read(stored), orientation != .up {
            pixels = pixels.applying(orientation)
            exif = EXIFPatcher.normalised(stored, width: pixels.width, height: pixels.height)
        }
        guard pixels.width <= Self.maximumSide, pixels.height <= Self.maximumSide else {
            throw ImageIOError(.invalidArgument, "WebP images are at most \(Self.maximumSide) pixels a side; this one is \(pixels.width)×\(pixels.height)",
                               format: .webp)
        }
        let bitstream = try Self.bitstream(pixels, options: options)
        let icc = options.embedColorProfile && !image.colorSpace.iccData.isEmpty ? image.colorSpace.iccData : nil
        let chunks = [("ICCP", icc), ("EXIF", exif), ("XMP ", image.metadata.xmp)].compactMap { name, data in
            data.flatMap { $0.isEmpty ? nil : (name, $0) }
        }
        return chunks.isEmpty ? bitstream : try Self.muxed(bitstream, chunks: chunks)
    }

    /// A simple-format WebP file (RIFF + VP8/VP8L) of `pixels` (8-bit RGBX or RGBA).
    private static func bitstream(_ pixels: PixelBuffer, options: EncodeOptions) throws(ImageIOError) -> Data {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw ImageIOError(.unsupported, "libwebp version mismatch", format: .webp) }
        config.lossless = options.lossless ? 1 : 0
        config.quality = Float(options.quality * 100)
        config.method = options.lossless ? 1 : 4   // libwebp's default speed/size balance; lossless effort kept modest
        config.thread_level = 1
        guard WebPValidateConfig(&config) != 0 else {
            throw ImageIOError(.invalidArgument, "libwebp refused the encoding settings", format: .webp)
        }
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw ImageIOError(.unsupported, "libwebp version mismatch", format: .webp) }
        defer { WebPPictureFree(&picture) }
        picture.width = Int32(pixels.width)
        picture.height = Int32(pixels.height)
        picture.use_argb = options.lossless ? 1 : 0
        let imported = pixels.withUnsafeBytes { raw -> Int32 in
            let base = raw.bindMemory(to: UInt8.self).baseAddress
            return pixels.layout == .rgba ? WebPPictureImportRGBA(&picture, base, Int32(pixels.bytesPerRow))
                                          : WebPPictureImportRGBX(&picture, base, Int32(pixels.bytesPerRow))
        }
        guard imported != 0 else { throw ImageIOError(.encodingFailed, "libwebp could not take the pixels (out of memory)", format: .webp) }
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        let encoded = withUnsafeMutablePointer(to: &writer) { pointer -> Int32 in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(pointer)
            return WebPEncode(&config, &picture)
        }
        guard encoded != 0, let bytes = writer.mem else {
            throw ImageIOError(.encodingFailed, "libwebp could not encode the image (error \(picture.error_code.rawValue))", format: .webp)
        }
        return Data(bytes: bytes, count: writer.size)
    }

    /// `bitstream` in the extended format with the metadata chunks (`ICCP`, `EXIF`, `XMP `).
    private static func muxed(_ bitstream: Data, chunks: [(String, Data)]) throws(ImageIOError) -> Data {
        guard let mux = WebPMuxNew() else { throw ImageIOError(.encodingFailed, "libwebp's muxer could not be created", format: .webp) }
        defer { WebPMuxDelete(mux) }
        func check(_ error: WebPMuxError, _ what: String) throws(ImageIOError) {
            guard error == WEBP_MUX_OK else { throw ImageIOError(.encodingFailed, "libwebp's muxer could not \(what) (error \(error.rawValue))", format: .webp) }
        }
        // copy_data = 1: the muxer keeps its own copies, so the Swift buffers need only live for each call.
        try check(bitstream.withUnsafeBytes { raw in
            var data = WebPData(bytes: raw.bindMemory(to: UInt8.self).baseAddress, size: raw.count)
            return WebPMuxSetImage(mux, &data, 1)
        }, "take the image")
        for (name, payload) in chunks {
            try check(payload.withUnsafeBytes { raw in
                var data = WebPData(bytes: raw.bindMemory(to: UInt8.self).baseAddress, size: raw.count)
                return WebPMuxSetChunk(mux, name, &data, 1)
            }, "add the \(name.trimmingCharacters(in: .whitespaces)) chunk")
        }
        var assembled = WebPData()
        try check(WebPMuxAssemble(mux, &assembled), "assemble the file")
        defer { WebPDataClear(&assembled) }
        guard let bytes = assembled.bytes else { throw ImageIOError(.encodingFailed, "libwebp's muxer produced nothing", format: .webp) }
        return Data(bytes: bytes, count: assembled.size)
    }
}
