import Foundation
import Testing
import _Testing_CoreGraphics
import _Testing_UIKit
import Photos

/// Small images for the client-code compatibility tests: four coloured quadrants, so any rotation or mirroring
/// shows.
enum QuadrantImage {
    /// Colours of the stored quadrants: top-left, top-right, bottom-left, bottom-right.
    static let red: (UInt8, UInt8, UInt8) = (230, 20, 20)
    static let green: (UInt8, UInt8, UInt8) = (20, 210, 40)
    static let blue: (UInt8, UInt8, UInt8) = (30, 40, 220)
    static let white: (UInt8, UInt8, UInt8) = (240, 240, 240)

    /// A `width`×`height` sRGB bitmap of the four quadrants.
    static func bitmap(width: Int = 64, height: Int = 48) -> CGImage {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let colour = y < height / 2 ? (x < width / 2 ? red : green) : (x < width / 2 ? blue : white)
                let p = (y * width + x) * 4
                (bytes[p], bytes[p + 1], bytes[p + 2]) = colour
            }
        }
        return CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
                       space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.noneSkipLast.rawValue),
                       provider: CGDataProvider(data: Data(bytes)), decode: nil, shouldInterpolate: true, intent: .defaultIntent)!
    }

    /// The bitmap as a JPEG whose EXIF orientation is `orientation`.
    static func jpeg(orientation: CGImagePropertyOrientation, width: Int = 64, height: Int = 48) -> Data {
        let output = NSMutableData()
        let destination = CGImageDestinationCreateWithData(output, "public.jpeg", 1, nil)!
        CGImageDestinationAddImage(destination, bitmap(width: width, height: height),
                                   [kCGImagePropertyOrientation: orientation.rawValue, kCGImageDestinationLossyCompressionQuality: 0.95] as CFDictionary)
        #expect(CGImageDestinationFinalize(destination))
        return Data(bytes: output.bytes, count: output.length)
    }

    /// Whether a mean colour is within `tolerance` of an expected one on every channel.
    static func matches(_ mean: (r: Double, g: Double, b: Double), _ expected: (UInt8, UInt8, UInt8), tolerance: Double = 24) -> Bool {
        abs(mean.r - Double(expected.0)) <= tolerance && abs(mean.g - Double(expected.1)) <= tolerance && abs(mean.b - Double(expected.2)) <= tolerance
    }
}
