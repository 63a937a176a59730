import Foundation
import Testing
import _Testing_CoreImage
@testable import CoreImage

/// `CIAreaHistogram` of an 8-bit bitmap counts the stored bytes (`StoredByteReduction`); its output must be
/// exactly the general path's (the bitmap loaded into linear floats, then counted), whatever the alpha, byte
/// order, colour space or area.
struct StoredByteHistogramTests {
    /// Premultiplied noise, opaque except, with `translucentEvery` n, every nth pixel (random alpha) and every 5nth
    /// (clear).
    static func noise(width: Int, height: Int, format: CIFormat = .RGBA8, translucentEvery n: Int = 0,
                      colorSpace: CGColorSpace = CGColorSpace(name: CGColorSpace.sRGB)!) -> CIImage {
        var state: UInt64 = 11
        func random() -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let alphaIndex = format == .ARGB8 ? 0 : 3
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            let alpha: UInt8 = n > 0 && i % (5 * n) == 0 ? 0 : n > 0 && i % n == 0 ? random() : 255
            for c in 0..<4 { bytes[i * 4 + c] = c == alphaIndex ? alpha : min(random(), alpha) }
        }
        return CIImage(bitmapData: Data(bytes), bytesPerRow: width * 4, size: CGSize(width: width, height: height),
                       format: format, colorSpace: colorSpace)
    }

    /// The histogram's floats and whether the stored bytes were counted.
    static func histogram(_ image: CIImage, extent: CGRect, bins: Int, storedValues: Bool) -> (values: [Float], stored: Bool) {
        let context = CIContext(options: [.cacheIntermediates: false])
        context.renderOverrides = RenderOverrides(tileWidth: 32, tileHeight: 16, computesOnStoredValues: storedValues)
        let output = image.applyingFilter("CIAreaHistogram", parameters: [kCIInputExtentKey: CIVector(cgRect: extent), "inputCount": bins, kCIInputScaleKey: 1.0])
        var values = [Float](repeating: -1, count: bins * 4)
        values.withUnsafeMutableBytes {
            context.render(output, toBitmap: $0.baseAddress!, rowBytes: bins * 16, bounds: CGRect(x: 0, y: 0, width: bins, height: 1),
                           format: .RGBAf, colorSpace: nil)
        }
        return (values, context.lastRenderStatistics.storedByteReductions == 1)
    }

    static let linear = CGColorSpace(name: CGColorSpace.linearSRGB)!

    static let cases: [(String, CIImage, CGRect, Int)] = [
        ("opaque RGBA, whole image, 256 bins", noise(width: 97, height: 61), CGRect(x: 0, y: 0, width: 97, height: 61), 256),
        ("opaque RGBA, an inner area, 7 bins", noise(width: 97, height: 61), CGRect(x: 5, y: 3, width: 50, height: 40), 7),
        ("translucent and clear pixels in linear sRGB, 64 bins", noise(width: 83, height: 41, translucentEvery: 3, colorSpace: linear),
         CGRect(x: 0, y: 0, width: 83, height: 41), 64),
        ("translucent sRGB (unpremultiplied around the decoding curve: general path expected)",
         noise(width: 83, height: 41, translucentEvery: 3), CGRect(x: 0, y: 0, width: 83, height: 41), 64),
        ("BGRA", noise(width: 50, height: 30, format: .BGRA8, translucentEvery: 4, colorSpace: linear), CGRect(x: 0, y: 0, width: 50, height: 30), 256),
        ("ARGB", noise(width: 50, height: 30, format: .ARGB8), CGRect(x: 0, y: 0, width: 50, height: 30), 2048),
        ("Display P3 (a matrix after the load: general path expected)",
         noise(width: 40, height: 20, colorSpace: CGColorSpace(name: CGColorSpace.displayP3)!), CGRect(x: 0, y: 0, width: 40, height: 20), 32),
        ("an area reaching past the image (cut to it)", noise(width: 40, height: 20), CGRect(x: -10, y: -10, width: 30, height: 60), 16),
    ]

    @Test(arguments: cases.indices)
    func countsEqualTheGeneralPath(_ index: Int) {
        let (name, image, extent, bins) = Self.cases[index]
        let stored = Self.histogram(image, extent: extent, bins: bins, storedValues: true)
        let general = Self.histogram(image, extent: extent, bins: bins, storedValues: false)
        #expect(!general.stored)
        #expect(stored.stored == !name.contains("general path expected"), "\(name)")
        #expect(stored.values == general.values, "\(name): \(zip(stored.values, general.values).filter { $0 != $1 }.count) values differ")
        #expect(general.values.allSatisfy { $0 >= 0 } && general.values.contains { $0 > 0 }, "\(name): the histogram was rendered")
    }

    @Test func aFilterBeforeTheHistogramTakesTheGeneralPath() {
        let image = Self.noise(width: 30, height: 20).applyingFilter("CIColorInvert")
        #expect(!Self.histogram(image, extent: CGRect(x: 0, y: 0, width: 30, height: 20), bins: 16, storedValues: true).stored)
    }
}
