import CoreGraphics
@testable import CoreImage
import Foundation
import Testing
import _TestSupport

/// The luminance stages of a RAW development (`luminanceNoiseReductionAmount`, `contrastAmount`,
/// `detailAmount`), measured on synthetic images with known noise and edges, rendered in float.
@Suite struct RAWLuminanceTests {
    static let width = 192, height = 96

    /// Linear grey: 0.05 on the left half, 0.4 on the right (a hard edge at x = 96), plus deterministic noise of
    /// σ ≈ `noise` in sRGB-encoded values.
    static func noisyStep(noise: Float, soft: Float = 0) -> CIImage {
        var state: UInt64 = 0x9E3779B97F4A7C15
        func gaussian() -> Float {
            func uniform() -> Float { state = state &* 6364136223846793005 &+ 1442695040888963407; return Float(state >> 40) / Float(1 << 24) }
            return (-2 * log(max(uniform(), 1e-7))).squareRoot() * cos(2 * .pi * uniform())
        }
        var pixels = [Float](repeating: 1, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let t: Float = soft > 0 ? 1 / (1 + exp(-(Float(x) - 95.5) / soft)) : (x < width / 2 ? 0 : 1)
                let encoded = Luma.encode(0.05 + 0.35 * t) + noise * gaussian()
                let v = Luma.decode(encoded)
                for c in 0..<3 { pixels[(y * width + x) * 4 + c] = v }
            }
        }
        let data = pixels.withUnsafeBytes { Data($0) }
        return CIImage(bitmapData: data, bytesPerRow: width * 16, size: CGSize(width: width, height: height), format: .RGBAf,
                       colorSpace: CGColorSpace(name: CGColorSpace.extendedLinearSRGB))
    }

    /// Encoded luminance of `image`, row-major from the bottom row (y-up, as the image's extent).
    static func encodedLuma(_ image: CIImage) -> [Float] {
        let floats = Render.linearFloats(image, CGRect(x: 0, y: 0, width: width, height: height))
        return stride(from: 0, to: floats.count, by: 4).map { i in
            Luma.encode(0.2125 * floats[i] + 0.7154 * floats[i + 1] + 0.0721 * floats[i + 2])
        }
    }

    /// Mean and standard deviation over columns `columns` of rows 20..<76.
    static func statistics(_ luma: [Float], columns: Range<Int>) -> (mean: Float, std: Float) {
        var values: [Float] = []
        for y in 20..<76 { for x in columns { values.append(luma[y * width + x]) } }
        let mean = values.reduce(0, +) / Float(values.count)
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Float(values.count)
        return (mean, variance.squareRoot())
    }

    static func developed(_ image: CIImage, noise: Float = 0, contrast: Float = 0, detail: Float = 0) -> [Float] {
        encodedLuma(RAWLuminance.apply(image, noiseReduction: noise, contrast: contrast, detail: detail, scale: 1))
    }

    @Test func noiseReductionFlattensGrainAndKeepsTheEdge() {
        let image = Self.noisyStep(noise: 0.02)
        let original = Self.developed(image)
        let half = Self.developed(image, noise: 0.5), full = Self.developed(image, noise: 1)
        for side in [10..<80, 112..<182] {
            let (mean0, std0) = Self.statistics(original, columns: side)
            let (mean1, std1) = Self.statistics(half, columns: side)
            let (mean2, std2) = Self.statistics(full, columns: side)
            #expect(std0 > 0.015, "the test image is noisy (\(std0))")
            #expect(std1 < std0 * 0.6, "amount 0.5: \(std1) vs \(std0)")
            #expect(std2 < std1, "amount 1: \(std2) vs \(std1)")
            #expect(abs(mean1 - mean0) < 0.01 && abs(mean2 - mean0) < 0.01)
        }
        // The edge: columns 2–5 px either side keep their levels (a blur would pull them together).
        let left0 = Self.statistics(original, columns: 91..<94).mean, right0 = Self.statistics(original, columns: 98..<101).mean
        let left2 = Self.statistics(full, columns: 91..<94).mean, right2 = Self.statistics(full, columns: 98..<101).mean
        #expect((right2 - left2) > (right0 - left0) * 0.95, "edge \(right2 - left2) vs \(right0 - left0)")
    }

    @Test func localContrastSteepensTransitionsAndKeepsFlatAreas() {
        let image = Self.noisyStep(noise: 0, soft: 6)
        let original = Self.developed(image)
        var previous: Float = 0
        for amount: Float in [0, 0.5, 1] {
            let luma = Self.developed(image, contrast: amount)
            let step = Self.statistics(luma, columns: 100..<103).mean - Self.statistics(luma, columns: 89..<92).mean
            #expect(step >= previous, "contrast \(amount): step \(step) after \(previous)")
            previous = step
            // Far from the transition nothing changes.
            #expect(abs(Self.statistics(luma, columns: 0..<20).mean - Self.statistics(original, columns: 0..<20).mean) < 0.01)
        }
        let flat = Self.statistics(original, columns: 100..<103).mean - Self.statistics(original, columns: 89..<92).mean
        #expect(previous > flat * 1.15, "contrast 1 gives \(previous), from \(flat)")
    }

    @Test func detailSharpensEdgesButNotFlatGrain() {
        let image = Self.noisyStep(noise: 0.004, soft: 1.2)
        let original = Self.developed(image)
        func edgeEnergy(_ luma: [Float]) -> Float {
            var sum: Float = 0
            for y in 20..<76 { for x in 92..<100 { let d = luma[y * Self.width + x + 1] - luma[y * Self.width + x]; sum += d * d } }
            return sum
        }
        var previous = edgeEnergy(original)
        for amount: Float in [1.5, 3] {
            let luma = Self.developed(image, detail: amount)
            let energy = edgeEnergy(luma)
            #expect(energy > previous, "detail \(amount): \(energy) after \(previous)")
            previous = energy
            let grain = Self.statistics(luma, columns: 10..<80).std, grain0 = Self.statistics(original, columns: 10..<80).std
            #expect(grain < grain0 * 1.1, "flat grain \(grain) vs \(grain0)")
        }
    }

    @Test func zeroAmountsLeaveTheImageAlone() {
        let image = Self.noisyStep(noise: 0.02)
        #expect(RAWLuminance.apply(image, noiseReduction: 0, contrast: 0, detail: 0, scale: 1) === image)
    }
}

/// The luminance stages through `CIRAWFilter`, on the corpus's colour-chart DNG (ISO noise on flat patches).
@Suite(.enabled(if: TestMedia.folder != nil, Comment(rawValue: TestMedia.skipMessage)))
struct RAWLuminanceFilterTests {
    static let chart = "raw/canon550d_magiclantern_colorchart.dng"

    @Test func theFilterOffersTheStagesAndTheLegacyKeysReachThem() throws {
        let filter = try #require(CIRAWFilter(imageURL: TestMedia.url(Self.chart)!))
        #expect(filter.isLuminanceNoiseReductionSupported && filter.isContrastSupported && filter.isDetailSupported)
        #expect(filter.luminanceNoiseReductionAmount == 0 && filter.contrastAmount == 0 && filter.detailAmount == 0)
        filter.setValue(0.7, forKey: kCIInputLuminanceNoiseReductionAmountKey)
        filter.setValue(0.4, forKey: kCIInputNoiseReductionContrastAmountKey)
        filter.setValue(2.0, forKey: kCIInputNoiseReductionDetailAmountKey)   // the key's range is 0…1
        #expect(abs(filter.luminanceNoiseReductionAmount - 0.7) < 1e-6)
        #expect(abs(filter.contrastAmount - 0.4) < 1e-6)
        #expect(filter.detailAmount == 3)
        #expect((filter.value(forKey: kCIInputNoiseReductionDetailAmountKey) as? NSNumber)?.floatValue == 1)
        #expect((filter.value(forKey: kCIInputNoiseReductionAmountKey) as? NSNumber)?.floatValue == 0.7)
        filter.setValue(0.25, forKey: kCIInputNoiseReductionSharpnessAmountKey)
        #expect(filter.sharpnessAmount == 0.25)
    }

    @Test func luminanceNoiseReductionSmoothsTheChartsGrain() throws {
        let region = CGRect(x: 100, y: 100, width: 160, height: 120)
        func develop(_ amount: Float) throws -> [Float] {
            let filter = try #require(CIRAWFilter(imageURL: TestMedia.url(Self.chart)!))
            filter.boostAmount = 0
            filter.scaleFactor = 0.5
            filter.luminanceNoiseReductionAmount = amount
            let floats = Render.linearFloats(try #require(filter.outputImage), region)
            return stride(from: 0, to: floats.count, by: 4).map { Luma.encode(0.2125 * floats[$0] + 0.7154 * floats[$0 + 1] + 0.0721 * floats[$0 + 2]) }
        }
        /// Median absolute difference between horizontal neighbours: grain (patch edges are few and large).
        func grain(_ luma: [Float]) -> Float {
            var differences: [Float] = []
            for i in 0..<(luma.count - 1) where i % 160 != 159 { differences.append(abs(luma[i] - luma[i + 1])) }
            return differences.sorted()[differences.count / 2]
        }
        let before = try develop(0), half = try develop(0.5), full = try develop(1)
        #expect(grain(half) < grain(before) * 0.7, "grain \(grain(before)) → \(grain(half))")
        #expect(grain(full) <= grain(half))
        let mean = { (l: [Float]) in l.reduce(0, +) / Float(l.count) }
        #expect(abs(mean(full) - mean(before)) < 0.01, "the picture's brightness stays")
    }
}
