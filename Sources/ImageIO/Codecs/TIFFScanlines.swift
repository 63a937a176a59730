import Foundation
internal import CTiff
internal import CPixelKernels

/// Pixel reading for `TIFFCodec`.
enum TIFFScanlines {
    /// Exact 8/16-bit RGB(A) or gray(+alpha) by scanline; RGB becomes RGBX/RGBA, associated alpha is un-premultiplied.
    static func read(_ tiff: OpaquePointer, layout: TIFFCodec.Layout, allowPartial: Bool) throws(ImageIOError) -> DecodedPixels {
        let width = layout.width, height = layout.height, step = layout.bits / 8
        let colors = layout.isGray ? 1 : 3
        let alpha = layout.hasAlpha
        let target: PixelBuffer.Layout = layout.isGray ? (alpha ? .grayAlpha : .gray) : (alpha ? .rgba : .rgbx)
        let lineSize = Int(TIFFScanlineSize(tiff))
        guard lineSize >= width * layout.samples * step else { throw ImageIOError(.corrupt, "the TIFF scanline size is inconsistent", format: .tiff) }
        var line = [UInt8](repeating: 0, count: lineSize)
        var partial = false
        var pixels = try PixelBuffer(width: width, height: height, layout: target, bitsPerComponent: layout.bits) { (output) throws(ImageIOError) in
            let outPixel = target.componentCount * step
            for row in 0..<height {
                guard TIFFReadScanline(tiff, &line, UInt32(row), 0) == 1 else {
                    guard allowPartial, row > 0 else { throw ImageIOError(.truncated, "the TIFF image data is incomplete or damaged at row \(row)", format: .tiff) }
                    partial = true
                    return
                }
                let out = output.baseAddress! + row * width * outPixel
                line.withUnsafeBytes { input in
                    for x in 0..<width {
                        let from = input.baseAddress! + x * layout.samples * step, to = out + x * outPixel
                        to.copyMemory(from: from, byteCount: colors * step)
                        if alpha { (to + colors * step).copyMemory(from: from + colors * step, byteCount: step) }
                        else if !layout.isGray { for b in 0..<step { to.storeBytes(of: 0xFF, toByteOffset: 3 * step + b, as: UInt8.self) } }
                    }
                }
            }
        }
        if alpha && layout.associatedAlpha { pixels = pixels.premultiplied(inverse: true) }
        return DecodedPixels(pixels: pixels, isPartial: partial)
    }

    /// Anything libtiff's RGBA interface reads, at 8 bits, in stored orientation.
    static func readRGBA(_ tiff: OpaquePointer, layout: TIFFCodec.Layout) throws(ImageIOError) -> DecodedPixels {
        let width = layout.width, height = layout.height
        var pixels = try PixelBuffer(width: width, height: height, layout: layout.hasAlpha ? .rgba : .rgbx, bitsPerComponent: 8) { (output) throws(ImageIOError) in
            // Asking for the file's own orientation keeps the rows as stored (libtiff flips only to reach the request).
            let ok = TIFFReadRGBAImageOriented(tiff, UInt32(width), UInt32(height), output.bindMemory(to: UInt32.self).baseAddress,
                                               Int32(max(1, min(layout.orientation, 8))), 0)
            guard ok == 1 else { throw ImageIOError(.corrupt, "libtiff cannot decode this TIFF (unsupported layout or damaged data)", format: .tiff) }
        }
        // libtiff's RGBA raster is premultiplied when alpha is present.
        if layout.hasAlpha { pixels = pixels.premultiplied(inverse: true) }
        return DecodedPixels(pixels: pixels)
    }
}
