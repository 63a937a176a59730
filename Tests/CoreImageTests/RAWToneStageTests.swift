import CoreGraphics
@testable import CoreImage
import Foundation
import Testing
import _TestSupport

/// `shadowBias` and `isGamutMappingEnabled`: per-pixel stages on linear values that keep each pixel's hue.
@Suite struct RAWToneStageTests {
    /// Three linear pixels in a row: a dark grey, an orange, and an out-of-gamut cyan (red below 0).
    static let source: CIImage = {
        let pixels: [Float] = [0.02, 0.02, 0.02, 1, 0.6, 0.3, 0.1, 1, -0.2, 0.5, 0.6, 1]
        return CIImage(bitmapData: pixels.withUnsafeBytes { Data($0) }, bytesPerRow: 48, size: CGSize(width: 3, height: 1),
                       format: .RGBAf, colorSpace: CGColorSpace(name: CGColorSpace.extendedLinearSRGB))
    }()
    static func pixels(_ image: CIImage) -> [[Float]] {
        let floats = Render.linearFloats(image, CGRect(x: 0, y: 0, width: 3, height: 1))
        return (0..<3).map { Array(floats[($0 * 4)..<($0 * 4 + 3)]) }
    }
    static func luma(_ p: [Float]) -> Float { 0.2125 * p[0] + 0.7154 * p[1] + 0.0721 * p[2] }

    @Test func shadowBiasBlackensBelowItStretchesAboveAndKeepsHue() {
        let before = Self.pixels(Self.source), after = Self.pixels(RAWToneStages.shadowBiased(Self.source, bias: 0.05))
        #expect(after[0].allSatisfy { abs($0) < 1e-6 }, "a grey below the bias turns black: \(after[0])")
        let y0 = Self.luma(before[1]), y1 = Self.luma(after[1])
        #expect(abs(y1 - (y0 - 0.05) / 0.95) < 1e-4)
        // Hue kept: the orange's channel ratios are unchanged.
        #expect(abs(after[1][0] / after[1][1] - before[1][0] / before[1][1]) < 1e-4)
        #expect(RAWToneStages.shadowBiased(Self.source, bias: 0) === Self.source)
    }

    @Test func gamutMappingLiftsOutOfGamutColoursKeepingLuminance() {
        let before = Self.pixels(Self.source), after = Self.pixels(RAWToneStages.gamutMapped(Self.source))
        #expect(before[2][0] < 0)
        #expect(after[2].min()! >= -1e-6 && abs(after[2].min()!) < 1e-5, "the lowest component becomes 0: \(after[2])")
        #expect(abs(Self.luma(after[2]) - Self.luma(before[2])) < 1e-5, "luminance kept")
        #expect(after[2][2] > after[2][1] && after[2][1] > after[2][0], "still a cyan-blue: \(after[2])")
        for i in 0..<2 { #expect(zip(after[i], before[i]).allSatisfy { abs($0 - $1) < 1e-6 }, "in-gamut pixels are untouched") }
    }

    @Test(.enabled(if: TestMedia.folder != nil, Comment(rawValue: TestMedia.skipMessage)))
    func theFilterAppliesThemAndTheLegacyKeyTurnsMappingOff() throws {
        let url = TestMedia.url("raw/canon550d_magiclantern_colorchart.dng")!
        let region = CGRect(x: 100, y: 100, width: 160, height: 120)
        func develop(_ configure: (CIRAWFilter) -> Void) throws -> [Float] {
            let filter = try #require(CIRAWFilter(imageURL: url))
            filter.boostAmount = 0
            filter.scaleFactor = 0.5
            configure(filter)
            return Render.linearFloats(try #require(filter.outputImage), region)
        }
        // Saturation × 3 as the linear-space filter pushes the chart's patches outside sRGB's primaries.
        func saturated(_ filter: CIRAWFilter) {
            let saturation = CIFilter(name: "CIColorControls")!
            saturation.setValue(3, forKey: kCIInputSaturationKey)
            filter.linearSpaceFilter = saturation
        }
        let plain = try develop { saturated($0); $0.isGamutMappingEnabled = false }
        let mapped = try develop { saturated($0); $0.isGamutMappingEnabled = true }
        let minimum = { (p: [Float]) in stride(from: 0, to: p.count, by: 4).map { min(p[$0], p[$0 + 1], p[$0 + 2]) }.min()! }
        #expect(minimum(plain) < -1e-3, "the chart has colours outside sRGB: \(minimum(plain))")
        #expect(minimum(mapped) >= -1e-5, "no component below 0 once mapped (before: \(minimum(plain)))")
        let unbiased = try develop { _ in }, biased = try develop { $0.shadowBias = 0.1 }
        let mean = { (p: [Float]) in p.reduce(0, +) / Float(p.count) }
        #expect(mean(biased) < mean(unbiased))
        let filter = try #require(CIRAWFilter(imageURL: url))
        #expect(filter.isGamutMappingEnabled && filter.shadowBias == 0, "on by default from PhotoKitLinux.2, as Apple's")
        filter.setValue(true, forKey: kCIInputDisableGamutMapKey)
        #expect(!filter.isGamutMappingEnabled)
        #expect((filter.value(forKey: kCIInputDisableGamutMapKey) as? NSNumber)?.boolValue == true)
        filter.setValue(false, forKey: kCIInputDisableGamutMapKey)
        #expect(filter.isGamutMappingEnabled)
        #expect((filter.value(forKey: kCIInputDisableGamutMapKey) as? NSNumber)?.boolValue == false)
    }
}
