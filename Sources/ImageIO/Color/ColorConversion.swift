import Foundation
import CoreGraphics
internal import CPixelKernels

/// Converting decoded pixels between colour spaces.
///
/// Matrix-shaper RGB → matrix-shaper RGB conversions (sRGB, Display P3, Adobe RGB, most camera and phone
/// profiles) run in C (`pk_img_color.c`: table lookups and a 3×3 matrix in float, AVX2 when available); anything
/// else (LUT profiles, gray, CMYK) goes through Little CMS 8/16-bit transforms. Gray images stay gray:
/// asking for an RGB space leaves them in their gray space.
enum ColorConversion {
    /// The colour space a header's colour source names (untagged: sRGB, or gamma-2.2 gray for gray images).
    static func space(for source: ImageHeader.ColorSource, gray: Bool) -> CGColorSpace {
        let fallback = gray ? CGColorSpaceCreateDeviceGray() : CGColorSpaceCreateDeviceRGB()
        switch source {
        case .icc(let data):
            guard let space = CGColorSpace(iccData: data), space.model == (gray ? .monochrome : .rgb) else { return fallback }
            return space
        case .named(let name):
            // A codec may name a colour space its pixels cannot be in (LibRaw's one-colour output tagged sRGB):
            // gray pixels always get a gray space, colour pixels a colour one.
            guard let space = CGColorSpace(name: name), space.model == (gray ? .monochrome : .rgb) else { return fallback }
            return space
        case .unspecified: return fallback
        }
    }

    /// Whether two spaces describe the same colours closely enough that converting would change nothing visible.
    static func equivalent(_ a: CGColorSpace, _ b: CGColorSpace) -> Bool {
        if a == b { return true }
        guard a.model == b.model, let ca = a.colorimetry, let cb = b.colorimetry,
              ca.extendedRange == cb.extendedRange, ca.transfer.count == cb.transfer.count else { return false }
        guard zip(ca.rgbToXYZ, cb.rgbToXYZ).allSatisfy({ abs($0 - $1) < 2e-3 }) else { return false }
        for (ta, tb) in zip(ca.transfer, cb.transfer) {
            for x in stride(from: 0.0, through: 1.0, by: 1.0 / 16) where abs(ta.toLinear(x) - tb.toLinear(x)) > 2e-3 { return false }
        }
        return true
    }

    /// `pixels` (in `source`) converted to `target`; returns the input untouched (tagged `target`) when the spaces
    /// are equivalent, and untouched in `source` when the models differ (gray stays gray) or no transform can be built.
    static func convert(_ pixels: PixelBuffer, from source: CGColorSpace, to target: CGColorSpace) -> (PixelBuffer, CGColorSpace) {
        guard !equivalent(source, target) else { return (pixels, target) }
        guard (source.model == .rgb && target.model == .rgb && pixels.layout.isColor)
                || (source.model == .monochrome && target.model == .monochrome && !pixels.layout.isColor) else {
            return (pixels, source)
        }
        if pixels.layout.isColor, pixels.bitsPerComponent == 8, let fast = MatrixConversion(from: source, to: target),
           let converted = fast.apply(pixels) {
            return (converted, target)
        }
        let sixteen = pixels.bitsPerComponent == 16
        let format: UInt32
        switch pixels.layout {
        case .rgbx, .rgba: format = sixteen ? LCMSFormat.rgba16 : LCMSFormat.rgba8
        case .gray: format = sixteen ? LCMSFormat.gray16 : LCMSFormat.gray8
        case .grayAlpha: format = sixteen ? LCMSFormat.grayAlpha16 : LCMSFormat.grayAlpha8
        }
        guard let transform = ColorTransformCache.shared.transform(from: source.iccData, to: target.iccData, input: format,
                                                                   output: format, copyAlpha: true) else { return (pixels, source) }
        var output = Data(count: pixels.bytesPerRow * pixels.height)
        output.withUnsafeMutableBytes { destination in
            pixels.withUnsafeBytes { input in
                let rowBytes = pixels.bytesPerRow
                // Rows are contiguous at this stride, so one call covers the image when there is no padding.
                if rowBytes == pixels.width * pixels.bytesPerPixel {
                    transform.apply(input.baseAddress!, destination.baseAddress!, count: pixels.width * pixels.height)
                } else {
                    for row in 0..<pixels.height {
                        transform.apply(input.baseAddress! + row * rowBytes, destination.baseAddress! + row * rowBytes, count: pixels.width)
                    }
                }
            }
        }
        let converted = PixelBuffer(width: pixels.width, height: pixels.height, layout: pixels.layout,
                                    bitsPerComponent: pixels.bitsPerComponent, bytesPerRow: pixels.bytesPerRow, data: output)
        return (converted, target)
    }
}
