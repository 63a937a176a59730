import Foundation
internal import CSpng

/// Shrink-on-load for PNG: a reduced decode reads the image `factor` rows at a time into one strip and
/// box-averages each strip into one output row (alpha-weighted), so a thumbnail of a huge PNG never holds more
/// than a strip and the reduced image. Interlaced PNGs deliver rows pass by pass and are decoded whole.
extension PNGCodec {
    /// The box factor a decode of a `width × height` image uses for `request`: the largest that keeps the result
    /// at least twice the requested size (Lanczos then makes the exact size), 1 for a full-size decode.
    static func reductionFactor(width: Int, height: Int, interlaced: Bool, request: DecodeRequest) -> Int {
        guard !interlaced, let minimumWidth = request.minimumWidth, let minimumHeight = request.minimumHeight,
              minimumWidth > 0, minimumHeight > 0 else { return 1 }
        return max(1, min(width / minimumWidth, height / minimumHeight) / 2)
    }

    /// A reduced decode's buffers: the strip, its premultiplied copy and the reduced image (whose pixels take
    /// `outputBytesPerPixel`).
    static func stripDecodeCost(width: Int, height: Int, factor: Int, bytesPerPixel: Int, outputBytesPerPixel: Int) -> Int {
        let strip = ImageLimits.bufferBytes(width: width, height: factor, components: bytesPerPixel, bytesPerComponent: 1)
        let reduced = ImageLimits.bufferBytes(width: (width + factor - 1) / factor, height: (height + factor - 1) / factor,
                                              components: outputBytesPerPixel, bytesPerComponent: 1)
        let (total, overflow) = (2 * strip).addingReportingOverflow(reduced)
        return overflow ? Int.max : total
    }

    /// Decodes rows through an already started progressive decode, `factor` rows per output row; 16-bit rows are
    /// averaged at 16 bits and kept at 16 only when `keepsSixteen` (otherwise the reduced image is 8-bit).
    static func decodeInStrips(_ ctx: OpaquePointer, width: Int, height: Int, layout: PixelBuffer.Layout, sixteen: Bool, keepsSixteen: Bool,
                               swapsBytes: Bool, factor: Int, allowPartial: Bool) throws(ImageIOError) -> DecodedPixels {
        let bits = sixteen ? 16 : 8, outBits = sixteen && keepsSixteen ? 16 : 8
        let rowBytes = width * layout.componentCount * bits / 8
        let outWidth = (width + factor - 1) / factor, outHeight = (height + factor - 1) / factor
        let outRowBytes = outWidth * layout.componentCount * outBits / 8
        var reduced = Data(count: outRowBytes * outHeight)
        var strip = Data(count: rowBytes * factor)
        var rowsInStrip = 0, outRow = 0, partial = false

        func flush() {
            guard rowsInStrip > 0, outRow < outHeight else { return }
            if swapsBytes {
                strip.withUnsafeMutableBytes { raw in
                    let words = raw.bindMemory(to: UInt16.self)
                    for i in 0..<(rowsInStrip * rowBytes / 2) { words[i] = UInt16(bigEndian: words[i]) }
                }
            }
            var band = PixelBuffer(width: width, height: rowsInStrip, layout: layout, bitsPerComponent: bits, bytesPerRow: rowBytes, data: strip)
            if layout.hasAlpha { band = band.premultiplied(inverse: false) }
            let shrunk = band.boxShrunk(factorX: factor, factorY: rowsInStrip).converted(toBitsPerComponent: outBits)
            reduced.withUnsafeMutableBytes { out in
                shrunk.data.withUnsafeBytes { row in
                    (out.baseAddress! + outRow * outRowBytes).copyMemory(from: row.baseAddress!, byteCount: outRowBytes)
                }
            }
            outRow += 1
            rowsInStrip = 0
        }

        while true {
            var info = spng_row_info()
            if spng_get_row_info(ctx, &info) != 0 { break }
            let row = Int(info.row_num)
            guard row < height else { break }
            let code = strip.withUnsafeMutableBytes { raw in
                spng_decode_row(ctx, raw.baseAddress! + rowsInStrip * rowBytes, rowBytes)
            }
            if code != 0 && code != Int32(SPNG_EOI.rawValue) {
                guard allowPartial, row > 0 else { throw failure(code, "the PNG image data is incomplete or damaged at row \(row)") }
                partial = true
                break
            }
            rowsInStrip += 1
            if rowsInStrip == factor { flush() }
            if code == Int32(SPNG_EOI.rawValue) { break }
        }
        flush()
        var pixels = PixelBuffer(width: outWidth, height: outHeight, layout: layout, bitsPerComponent: outBits, bytesPerRow: outRowBytes, data: reduced)
        if layout.hasAlpha { pixels = pixels.premultiplied(inverse: true) }
        return DecodedPixels(pixels: pixels, isPartial: partial)
    }
}
