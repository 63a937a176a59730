import Foundation
import CoreImage

/// Deterministic test images, defined by formulas that the reference scripts in `References/` reproduce.
enum TestImages {
    /// The 8-bit sRGB pattern of `References/reference.py`: R = (37x + 11y) mod 256, G = (13x + 29y + 50) mod 256,
    /// B = (7x + 3y + 100) mod 256 with (x, y) counted from the top-left pixel, opaque.
    static func patternPixels(width: Int, height: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                pixels[i] = UInt8((37 * x + 11 * y) % 256)
                pixels[i + 1] = UInt8((13 * x + 29 * y + 50) % 256)
                pixels[i + 2] = UInt8((7 * x + 3 * y + 100) % 256)
            }
        }
        return pixels
    }

    /// The pattern as an sRGB `CGImage` (RGBA8, alpha last, opaque).
    static func pattern(width: Int = 16, height: Int = 12, space: CGColorSpace = CGColorSpace(name: CGColorSpace.sRGB)!) -> CGImage {
        let pixels = patternPixels(width: width, height: height)
        return CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4, space: space,
                       bitmapInfo: CGBitmapInfo(alphaInfo: .noneSkipLast), provider: CGDataProvider(data: Data(pixels)),
                       decode: nil, shouldInterpolate: true, intent: .defaultIntent)!
    }

    /// Straight-alpha RGBA8 pixels of `References/reference.py`'s `alpha_pattern_seeded`.
    static func alphaPatternPixels(width: Int, height: Int, seed: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                pixels[i] = UInt8((11 * x + 7 * y + 20 + 50 * seed) % 256)
                pixels[i + 1] = UInt8((5 * x + 17 * y + 80 + 30 * seed) % 256)
                pixels[i + 2] = UInt8((23 * x + 13 * y + 40 + 70 * seed) % 256)
                pixels[i + 3] = UInt8((40 * x + 60 * y + 30 + 90 * seed) % 256)
            }
        }
        return pixels
    }

    /// The alpha pattern as an sRGB `CGImage` with straight (unpremultiplied) alpha.
    static func alphaPattern(width: Int = 4, height: Int = 3, seed: Int) -> CIImage {
        let pixels = alphaPatternPixels(width: width, height: height, seed: seed)
        let cg = CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
                         space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGBitmapInfo(alphaInfo: .last),
                         provider: CGDataProvider(data: Data(pixels)), decode: nil, shouldInterpolate: true, intent: .defaultIntent)!
        return CIImage(cgImage: cg)
    }

    /// A CIImage over the pattern.
    static func patternImage(width: Int = 16, height: Int = 12) -> CIImage { CIImage(cgImage: pattern(width: width, height: height)) }

    /// Bytes of a `CGImage`.
    static func bytes(_ image: CGImage) -> [UInt8] { [UInt8](image.dataProvider!.data!) }
}

/// Rendering helpers.
enum Render {
    /// Renders `image` over `rect` as linear-light float RGBA (extended linear sRGB), rows top-down.
    static func linearFloats(_ image: CIImage, _ rect: CGRect, context: CIContext = CIContext()) -> [Float] {
        floats(image, rect, colorSpace: CGColorSpace(name: CGColorSpace.extendedLinearSRGB)!, context: context)
    }

    /// Renders as RGBAf in `colorSpace` (`nil`: working values).
    static func floats(_ image: CIImage, _ rect: CGRect, colorSpace: CGColorSpace?, context: CIContext = CIContext()) -> [Float] {
        let count = Int(rect.width) * Int(rect.height) * 4
        var out = [Float](repeating: .nan, count: count)
        out.withUnsafeMutableBytes { raw in
            context.render(image, toBitmap: raw.baseAddress!, rowBytes: Int(rect.width) * 16, bounds: rect, format: .RGBAf, colorSpace: colorSpace)
        }
        return out
    }

    /// Renders as RGBA8 in `colorSpace`, rows top-down.
    static func bytes(_ image: CIImage, _ rect: CGRect, colorSpace: CGColorSpace? = CGColorSpace(name: CGColorSpace.sRGB)!,
                      context: CIContext = CIContext(), format: CIFormat = .RGBA8, bytesPerPixel: Int = 4) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(rect.width) * Int(rect.height) * bytesPerPixel)
        out.withUnsafeMutableBytes { raw in
            context.render(image, toBitmap: raw.baseAddress!, rowBytes: Int(rect.width) * bytesPerPixel, bounds: rect, format: format, colorSpace: colorSpace)
        }
        return out
    }

    /// The largest absolute difference between two arrays.
    static func maxDifference(_ a: [Float], _ b: [Float]) -> Float {
        precondition(a.count == b.count, "arrays differ in length: \(a.count) vs \(b.count)")
        // NaN (an unwritten or broken value) counts as an infinite difference.
        return zip(a, b).map { $0.isNaN || $1.isNaN ? .infinity : abs($0 - $1) }.max() ?? 0
    }
}

/// The exact sRGB curve, for building expectations in tests.
enum SRGB {
    static func toLinear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
    static func fromLinear(_ v: Double) -> Double { v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055 }
}
