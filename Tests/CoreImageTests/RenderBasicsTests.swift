import Foundation
import _Testing_CoreImage

/// The vertical slice: source → filters → fused tiled render → bitmap / CGImage.
@Suite struct RenderBasicsTests {
    @Test func unfilteredRoundTripIsLossless() throws {
        let cg = TestImages.pattern(width: 40, height: 30)
        let image = CIImage(cgImage: cg)
        #expect(image.extent == CGRect(x: 0, y: 0, width: 40, height: 30))
        let out = try #require(CIContext().createCGImage(image, from: image.extent))
        #expect(out.width == 40 && out.height == 30)
        let original = TestImages.bytes(cg), rendered = TestImages.bytes(out)
        #expect(original == rendered)
    }

    @Test func linearRenderMatchesTheSRGBCurve() {
        let image = TestImages.patternImage(width: 8, height: 4)
        let floats = Render.linearFloats(image, image.extent)
        let pixels = TestImages.patternPixels(width: 8, height: 4)
        var worst: Double = 0
        for i in 0..<(8 * 4) {
            for c in 0..<3 {
                let expected = SRGB.toLinear(Double(pixels[i * 4 + c]) / 255)
                worst = max(worst, abs(expected - Double(floats[i * 4 + c])))
            }
            #expect(floats[i * 4 + 3] == 1)
        }
        #expect(worst < 1e-5, "max |error| \(worst)")
    }

    @Test func exposureDoublesLinearLight() {
        let image = TestImages.patternImage(width: 8, height: 4)
        let brighter = image.applyingFilter("CIExposureAdjust", parameters: [kCIInputEVKey: 1.0])
        let base = Render.linearFloats(image, image.extent), out = Render.linearFloats(brighter, image.extent)
        for i in stride(from: 0, to: base.count, by: 4) {
            for c in 0..<3 { #expect(abs(out[i + c] - 2 * base[i + c]) < 1e-5) }
        }
    }

    @Test func croppedRegionRendersOnlyInside() {
        let image = TestImages.patternImage(width: 16, height: 12).cropped(to: CGRect(x: 4, y: 4, width: 4, height: 4))
        #expect(image.extent == CGRect(x: 4, y: 4, width: 4, height: 4))
        let floats = Render.linearFloats(image, CGRect(x: 2, y: 2, width: 8, height: 8))
        // Row 0 of the output is y = 9 (top), outside the crop: clear.
        #expect(floats[0..<4].allSatisfy { $0 == 0 })
        // y = 5 (output row 4), x = 5 (column 3) is inside.
        let inside = (4 * 8 + 3) * 4
        #expect(floats[inside + 3] == 1)
    }
}
