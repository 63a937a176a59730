import Foundation
import CoreGraphics
internal import CSpng

/// PNG writing through libspng: 8- or 16-bit RGB, RGBA, gray or gray + alpha, with iCCP, eXIf and XMP (iTXt).
public struct PNGEncoder: ImageEncoding {
    public init() {}
    public var encodedFormats: [ImageFormat] { [.png] }

    public func encode(_ image: EncodableImage, as format: ImageFormat, options: EncodeOptions) throws(ImageIOError) -> Data {
        let pixels = image.pixels
        let packed = pixels.packedRows(dropPadding: true)
        guard let ctx = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else {
            throw ImageIOError(.encodingFailed, "libspng could not be initialised", format: .png)
        }
        defer { spng_ctx_free(ctx) }
        spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1)
        spng_set_option(ctx, SPNG_IMG_COMPRESSION_LEVEL, Int32(max(0, min(9, options.compressionLevel))))
        let colorType: spng_color_type
        switch pixels.layout {
        case .gray: colorType = SPNG_COLOR_TYPE_GRAYSCALE
        case .grayAlpha: colorType = SPNG_COLOR_TYPE_GRAYSCALE_ALPHA
        case .rgbx: colorType = SPNG_COLOR_TYPE_TRUECOLOR   // packed without the padding component
        case .rgba: colorType = SPNG_COLOR_TYPE_TRUECOLOR_ALPHA
        }
        var ihdr = spng_ihdr(width: UInt32(pixels.width), height: UInt32(pixels.height), bit_depth: UInt8(pixels.bitsPerComponent),
                             color_type: UInt8(colorType.rawValue), compression_method: 0, filter_method: 0, interlace_method: 0)
        spng_set_ihdr(ctx, &ihdr)
        // Keep the C buffers alive until the image is encoded.
        var keepAlive: [UnsafeMutableRawPointer] = []
        defer { keepAlive.forEach { $0.deallocate() } }
        func copy(_ data: Data) -> UnsafeMutablePointer<CChar> {
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(data.count, 1), alignment: 1)
            data.copyBytes(to: buffer.assumingMemoryBound(to: UInt8.self), count: data.count)
            keepAlive.append(buffer)
            return buffer.assumingMemoryBound(to: CChar.self)
        }
        if options.embedColorProfile, !image.colorSpace.iccData.isEmpty {
            var iccp = spng_iccp()
            withUnsafeMutableBytes(of: &iccp.profile_name) { name in
                let label = Array((image.colorSpace.name.map { _ in "ICC Profile" } ?? "ICC Profile").utf8.prefix(79))
                for (i, byte) in label.enumerated() { name[i] = byte }
            }
            iccp.profile_len = image.colorSpace.iccData.count
            iccp.profile = copy(image.colorSpace.iccData)
            spng_set_iccp(ctx, &iccp)
        }
        if let exif = image.metadata.exif, !exif.isEmpty {
            var block = spng_exif(length: exif.count, data: copy(exif))
            spng_set_exif(ctx, &block)
        }
        if let xmp = image.metadata.xmp, !xmp.isEmpty {
            var text = spng_text()
            withUnsafeMutableBytes(of: &text.keyword) { key in
                for (i, byte) in "XML:com.adobe.xmp".utf8.enumerated() { key[i] = byte }
            }
            text.type = Int32(SPNG_ITXT.rawValue)
            text.length = xmp.count
            text.text = copy(xmp)
            text.language_tag = copy(Data([0]))
            text.translated_keyword = copy(Data([0]))
            spng_set_text(ctx, &text, 1)
        }
        let status = packed.withUnsafeBytes { raw in
            spng_encode_image(ctx, raw.baseAddress, raw.count, Int32(SPNG_FMT_PNG.rawValue), Int32(SPNG_ENCODE_FINALIZE.rawValue))
        }
        guard status == 0 else {
            throw ImageIOError(.encodingFailed, "libspng could not encode the image (\(String(cString: spng_strerror(status))))", format: .png)
        }
        var length = 0
        var error: Int32 = 0
        guard let buffer = spng_get_png_buffer(ctx, &length, &error), error == 0 else {
            throw ImageIOError(.encodingFailed, "libspng produced no output", format: .png)
        }
        defer { free(buffer) }
        return Data(bytes: buffer, count: length)
    }
}

extension PixelBuffer {
    /// The rows tightly packed (no stride padding); with `dropPadding`, RGBX pixels lose their 4th component.
    func packedRows(dropPadding: Bool) -> Data {
        let step = bitsPerComponent / 8
        let outPixel = dropPadding && layout == .rgbx ? 3 * step : bytesPerPixel
        let rowBytes = width * outPixel
        if outPixel == bytesPerPixel && rowBytes == bytesPerRow { return data }
        var output = Data(count: rowBytes * height)
        output.withUnsafeMutableBytes { out in
            data.withUnsafeBytes { input in
                for y in 0..<height {
                    let from = input.baseAddress! + y * bytesPerRow, to = out.baseAddress! + y * rowBytes
                    if outPixel == bytesPerPixel { to.copyMemory(from: from, byteCount: rowBytes); continue }
                    for x in 0..<width { (to + x * outPixel).copyMemory(from: from + x * bytesPerPixel, byteCount: outPixel) }
                }
            }
        }
        return output
    }
}
