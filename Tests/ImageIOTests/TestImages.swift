import Foundation
import ImageIO

/// Helpers shared by the ImageIO tests: synthetic pixels, pixel access and comparison.
enum TestImages {
    /// A w×h RGBX gradient with a distinct value at every pixel (for exact geometry checks).
    static func gradient(width: Int, height: Int, bits: Int = 8) -> PixelBuffer {
        let step = bits / 8
        var bytes = Data(count: width * height * 4 * step)
        bytes.withUnsafeMutableBytes { raw in
            for y in 0..<height {
                for x in 0..<width {
                    let values = [x * 255 / max(width - 1, 1), y * 255 / max(height - 1, 1), (x + y) * 127 / max(width + height - 2, 1), 255]
                    for c in 0..<4 {
                        let at = ((y * width + x) * 4 + c) * step
                        if bits == 8 { raw[at] = UInt8(values[c]) } else { raw.storeBytes(of: UInt16(values[c] * 257), toByteOffset: at, as: UInt16.self) }
                    }
                }
            }
        }
        return PixelBuffer(width: width, height: height, layout: .rgbx, bitsPerComponent: bits, data: bytes)
    }

    /// Component `c` of pixel (x, y) (8- or 16-bit).
    static func component(_ pixels: PixelBuffer, _ x: Int, _ y: Int, _ c: Int) -> Int {
        pixels.withUnsafeBytes { raw in
            let at = y * pixels.bytesPerRow + (x * pixels.layout.componentCount + c) * pixels.bitsPerComponent / 8
            return pixels.bitsPerComponent == 8 ? Int(raw[at]) : Int(raw.loadUnaligned(fromByteOffset: at, as: UInt16.self))
        }
    }

    /// (R, G, B) of pixel (x, y).
    static func rgb(_ pixels: PixelBuffer, _ x: Int, _ y: Int) -> [Int] { (0..<3).map { component(pixels, x, y, $0) } }

    /// Peak signal-to-noise ratio over the colour components of two same-sized 8-bit buffers.
    static func psnr(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var squared = 0.0
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                for c in 0..<(a.layout.isColor ? 3 : 1) {
                    let d = Double(component(a, x, y, c) - component(b, x, y, c))
                    squared += d * d
                    count += 1
                }
            }
        }
        let mse = squared / Double(max(count, 1))
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// The current process's peak resident set size in kilobytes.
    static func peakRSSKB() -> Int {
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss
    }
}
