import Foundation
import CoreGraphics

/// CMYK JPEG pixels to RGB: through the embedded CMYK profile with Little CMS when there is one (to sRGB),
/// else with the naive complement formula. Adobe files store inverted CMYK (255 = no ink).
enum CMYKConversion {
    static func toRGB(_ cmyk: PixelBuffer, inverted: Bool, profile: Data?, isPartial: Bool) throws(ImageIOError) -> DecodedPixels {
        let count = cmyk.width * cmyk.height
        var rgb = Data(count: count * 4)
        let srgb = CGColorSpaceCreateDeviceRGB()
        if let profile, CGColorSpace(iccData: profile)?.model == .cmyk,
           let transform = ColorTransformCache.shared.transform(from: profile, to: srgb.iccData,
                                                                input: inverted ? LCMSFormat.cmyk8Inverted : LCMSFormat.cmyk8,
                                                                output: LCMSFormat.rgba8, intent: 0, copyAlpha: false) {
            rgb.withUnsafeMutableBytes { out in
                cmyk.withUnsafeBytes { input in transform.apply(input.baseAddress!, out.baseAddress!, count: count) }
                let bytes = out.bindMemory(to: UInt8.self)
                for i in 0..<count { bytes[4 * i + 3] = 255 }
            }
        } else {
            rgb.withUnsafeMutableBytes { out in
                cmyk.withUnsafeBytes { input in
                    let source = input.bindMemory(to: UInt8.self), target = out.bindMemory(to: UInt8.self)
                    for i in 0..<count {
                        var c = UInt32(source[4 * i]), m = UInt32(source[4 * i + 1]), y = UInt32(source[4 * i + 2]), k = UInt32(source[4 * i + 3])
                        if !inverted { (c, m, y, k) = (255 - c, 255 - m, 255 - y, 255 - k) }
                        target[4 * i] = UInt8(c * k / 255)
                        target[4 * i + 1] = UInt8(m * k / 255)
                        target[4 * i + 2] = UInt8(y * k / 255)
                        target[4 * i + 3] = 255
                    }
                }
            }
        }
        let pixels = PixelBuffer(width: cmyk.width, height: cmyk.height, layout: .rgbx, bitsPerComponent: 8, data: rgb)
        return DecodedPixels(pixels: pixels, colorSource: .named(CGColorSpace.sRGB), isPartial: isPartial)
    }
}
