import Foundation
import Testing
import _Testing_CoreImage
@testable import CoreImage

/// Rank filters (flat morphology, the 3 × 3 median) of an opaque 8-bit sRGB image into an 8-bit sRGB buffer run
/// on the stored bytes; the bytes must be exactly those of the general path (linear floats), at the image's edges
/// and beyond them too.
struct StoredValueRankTests {
    static let sRGB = CGColorSpace(name: CGColorSpace.sRGB)!

    static func noise(width: Int, height: Int, alpha: UInt8 = 255, seed: UInt64 = 7) -> CIImage {
        var state = seed
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            for c in 0..<3 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                bytes[i * 4 + c] = UInt8(truncatingIfNeeded: state >> 56)
            }
            bytes[i * 4 + 3] = alpha
        }
        return CIImage(bitmapData: Data(bytes), bytesPerRow: width * 4, size: CGSize(width: width, height: height), format: .RGBA8, colorSpace: sRGB)
    }

    static func render(_ image: CIImage, _ rect: CGRect, storedValues: Bool, format: CIFormat = .RGBA8) -> (bytes: [UInt8], path: String) {
        let context = CIContext(options: [.cacheIntermediates: false])
        context.renderOverrides = RenderOverrides(computesOnStoredValues: storedValues)
        var bytes = [UInt8](repeating: 0, count: Int(rect.width * rect.height) * 4)
        bytes.withUnsafeMutableBytes {
            context.render(image, toBitmap: $0.baseAddress!, rowBytes: Int(rect.width) * 4, bounds: rect, format: format, colorSpace: sRGB)
        }
        return (bytes, context.lastRenderStatistics.programDescription)
    }

    static let cases: [(String, [String: Double])] = [
        ("CIMorphologyRectangleMinimum", ["inputWidth": 5, "inputHeight": 5]),
        ("CIMorphologyRectangleMaximum", ["inputWidth": 7, "inputHeight": 3]),
        ("CIMorphologyRectangleMinimum", ["inputWidth": 25, "inputHeight": 1]),
        ("CIMorphologyRectangleMaximum", ["inputWidth": 3, "inputHeight": 9]),
        ("CIMorphologyMinimum", [kCIInputRadiusKey: 3.5]),
        ("CIMorphologyMaximum", [kCIInputRadiusKey: 1.0]),
        ("CIMorphologyMaximum", [kCIInputRadiusKey: 8.0]),
        ("CIMedianFilter", [:]),
    ]

    @Test(arguments: cases.indices)
    func storedValueRankFiltersEqualTheGeneralPath(_ index: Int) throws {
        let (name, parameters) = Self.cases[index]
        let image = Self.noise(width: 97, height: 61).applyingFilter(name, parameters: parameters)
        // The image's own rectangle, and one reaching past its edges on every side.
        for rect in [CGRect(x: 0, y: 0, width: 97, height: 61), CGRect(x: -9, y: -6, width: 117, height: 75)] {
            let fast = Self.render(image, rect, storedValues: true)
            let general = Self.render(image, rect, storedValues: false)
            #expect(fast.path.hasPrefix("stored-value"), "\(name): \(fast.path)")
            #expect(!general.path.hasPrefix("stored-value"))
            let differing = zip(fast.bytes, general.bytes).filter { $0 != $1 }.count
            #expect(differing == 0, "\(name) \(parameters) over \(rect): \(differing) bytes differ")
        }
    }

    @Test func otherRendersTakeTheGeneralPath() {
        let rect = CGRect(x: 0, y: 0, width: 40, height: 30)
        let translucent = Self.noise(width: 40, height: 30, alpha: 200).applyingFilter("CIMorphologyMinimum", parameters: [kCIInputRadiusKey: 2.0])
        #expect(!Self.render(translucent, rect, storedValues: true).path.hasPrefix("stored-value"), "premultiplied values in linear light differ")
        let opaque = Self.noise(width: 40, height: 30).applyingFilter("CIMorphologyMinimum", parameters: [kCIInputRadiusKey: 2.0])
        #expect(!Self.render(opaque, rect, storedValues: true, format: .BGRA8).path.hasPrefix("stored-value"), "another byte order")
        let afterAnotherFilter = Self.noise(width: 40, height: 30).applyingFilter("CIColorInvert").applyingFilter("CIMorphologyMinimum", parameters: [kCIInputRadiusKey: 2.0])
        #expect(!Self.render(afterAnotherFilter, rect, storedValues: true).path.hasPrefix("stored-value"))
    }
}
