import Foundation
import Testing
import _Testing_CoreImage
@testable import CoreImage

/// Morphology whose input only loads an 8-bit bitmap computes each tile's extrema on the stored bytes and decodes
/// them (`StoredByteAreaKernel`); the floats must be exactly the general path's (extrema of the decoded floats),
/// for tiles inside the image and at its edges, as the morphology's own result or under another filter.
struct StoredByteMorphologyTests {
    static func render(_ image: CIImage, _ rect: CGRect, storedValues: Bool) -> (floats: [Float], storedTiles: Int) {
        let context = CIContext(options: [.cacheIntermediates: false])
        context.renderOverrides = RenderOverrides(tileWidth: 48, tileHeight: 40, computesOnStoredValues: storedValues)
        var floats = [Float](repeating: -1, count: Int(rect.width * rect.height) * 4)
        floats.withUnsafeMutableBytes {
            context.render(image, toBitmap: $0.baseAddress!, rowBytes: Int(rect.width) * 16, bounds: rect, format: .RGBAf, colorSpace: nil)
        }
        return (floats, context.lastRenderStatistics.storedByteTiles)
    }

    static let linear = CGColorSpace(name: CGColorSpace.linearSRGB)!

    static let cases: [(String, CIImage)] = [
        ("disc minimum, sRGB", StoredByteHistogramTests.noise(width: 150, height: 120).applyingFilter("CIMorphologyMinimum", parameters: [kCIInputRadiusKey: 3.5])),
        ("rectangle maximum 7×3, BGRA", StoredByteHistogramTests.noise(width: 150, height: 120, format: .BGRA8)
            .applyingFilter("CIMorphologyRectangleMaximum", parameters: ["inputWidth": 7, "inputHeight": 3])),
        ("gradient r 5, sRGB", StoredByteHistogramTests.noise(width: 150, height: 120).applyingFilter("CIMorphologyGradient", parameters: [kCIInputRadiusKey: 5.0])),
        ("translucent linear, minimum r 2", StoredByteHistogramTests.noise(width: 150, height: 120, translucentEvery: 3, colorSpace: linear)
            .applyingFilter("CIMorphologyMinimum", parameters: [kCIInputRadiusKey: 2.0])),
        ("maximum under an exposure", StoredByteHistogramTests.noise(width: 150, height: 120)
            .applyingFilter("CIMorphologyMaximum", parameters: [kCIInputRadiusKey: 1.5]).applyingFilter("CIExposureAdjust", parameters: [kCIInputEVKey: 0.7])),
    ]

    @Test(arguments: cases.indices)
    func floatsEqualTheGeneralPath(_ index: Int) {
        let (name, image) = Self.cases[index]
        for rect in [CGRect(x: 0, y: 0, width: 150, height: 120), CGRect(x: -7, y: -5, width: 170, height: 131)] {
            let stored = Self.render(image, rect, storedValues: true)
            let general = Self.render(image, rect, storedValues: false)
            #expect(stored.storedTiles > 0, "\(name): no tile read stored bytes")
            #expect(general.storedTiles == 0)
            let differing = zip(stored.floats, general.floats).filter { $0 != $1 }.count
            #expect(differing == 0, "\(name) over \(rect): \(differing) floats differ")
        }
    }

    @Test func aFilterBetweenTheBitmapAndTheMorphologyTakesTheGeneralPath() {
        let image = StoredByteHistogramTests.noise(width: 60, height: 50).applyingFilter("CIColorInvert")
            .applyingFilter("CIMorphologyMinimum", parameters: [kCIInputRadiusKey: 2.0])
        #expect(Self.render(image, CGRect(x: 0, y: 0, width: 60, height: 50), storedValues: true).storedTiles == 0)
    }
}
