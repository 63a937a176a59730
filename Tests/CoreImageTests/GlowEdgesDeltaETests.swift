import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// `CIEdges`, `CIBloom`, `CIGloom`, `CILabDeltaE` and `CIBumpDistortionLinear` beyond their numpy references:
/// Apple's attributes, and values worked out by hand on flat colours, steps and known colour pairs.
@Suite struct GlowEdgesDeltaETests {
    static func flat(_ grey: Double, _ rect: CGRect = CGRect(x: 0, y: 0, width: 10, height: 6)) -> CIImage {
        CIImage(color: CIColor(red: grey, green: grey, blue: grey)).cropped(to: rect)
    }

    @Test func attributesMatchApple() throws {
        let expected: [(String, String, String, [String])] = [
            ("CIEdges", "Edges", kCICategoryStylize, [kCIInputImageKey, kCIInputIntensityKey]),
            ("CIBloom", "Bloom", kCICategoryStylize, [kCIInputImageKey, kCIInputRadiusKey, kCIInputIntensityKey]),
            ("CIGloom", "Gloom", kCICategoryStylize, [kCIInputImageKey, kCIInputRadiusKey, kCIInputIntensityKey]),
            ("CILabDeltaE", "Lab ∆E", kCICategoryColorEffect, [kCIInputImageKey, "inputImage2"]),
            ("CIBumpDistortionLinear", "Bump Distortion Linear", kCICategoryDistortionEffect,
             [kCIInputImageKey, kCIInputCenterKey, kCIInputRadiusKey, kCIInputAngleKey, kCIInputScaleKey]),
        ]
        for (name, display, category, keys) in expected {
            let filter = try #require(CIFilter(name: name), "\(name) missing")
            #expect(filter.attributes[kCIAttributeFilterDisplayName] as? String == display)
            #expect(filter.inputKeys == keys, "\(name)")
            #expect(CIFilter.filterNames(inCategory: category).contains(name), "\(name)")
        }
        let intensity = try #require(CIFilter(name: "CIEdges")?.attributes[kCIInputIntensityKey] as? [String: Any])
        #expect(FilterValuesProbe.number(intensity[kCIAttributeDefault]) == 1 && FilterValuesProbe.number(intensity[kCIAttributeSliderMax]) == 10)
        for name in ["CIBloom", "CIGloom"] {
            let radius = try #require(CIFilter(name: name)?.attributes[kCIInputRadiusKey] as? [String: Any])
            #expect(FilterValuesProbe.number(radius[kCIAttributeDefault]) == 10 && FilterValuesProbe.number(radius[kCIAttributeSliderMax]) == 100)
            #expect(CIFilter(name: name)?.attributes[kCIAttributeFilterAvailable_iOS] as? String == "6")
        }
        let scale = try #require(CIFilter(name: "CIBumpDistortionLinear")?.attributes[kCIInputScaleKey] as? [String: Any])
        #expect(FilterValuesProbe.number(scale[kCIAttributeDefault]) == 0.5 && FilterValuesProbe.number(scale[kCIAttributeMin]) == -1)
    }

    @Test func edgesFindOnlyTheStep() throws {
        // Black on the left five columns, white on the right five: the two columns at the step see a unit step (1
        // after the /4), every other column nothing, not even at the image's border.
        let rect = CGRect(x: 0, y: 0, width: 10, height: 6)
        let step = Self.flat(1, CGRect(x: 5, y: 0, width: 5, height: 6)).composited(over: Self.flat(0, rect))
        let edges = Render.linearFloats(step.applyingFilter("CIEdges", parameters: [kCIInputIntensityKey: 2]), rect)
        for y in 0..<6 {
            for x in 0..<10 {
                let i = (y * 10 + x) * 4
                let expected: Float = (x == 4 || x == 5) ? 2 : 0
                #expect(abs(edges[i] - expected) <= 1e-6 && edges[i] == edges[i + 2] && edges[i + 3] == 1, "(\(x), \(y)): \(edges[i])")
            }
        }
        let typed = CIFilter.edges(); typed.inputImage = step; typed.intensity = 2
        #expect(Render.linearFloats(try #require(typed.outputImage), rect) == edges)
    }

    @Test func bloomAndGloomOnAFlatColour() throws {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 6)
        let c = Float(SRGB.toLinear(0.6))
        let bloom = Render.linearFloats(Self.flat(0.6).applyingFilter("CIBloom", parameters: [kCIInputRadiusKey: 3, kCIInputIntensityKey: 0.8]), rect)
        let gloom = Render.linearFloats(Self.flat(0.6).applyingFilter("CIGloom", parameters: [kCIInputRadiusKey: 3, kCIInputIntensityKey: 0.8]), rect)
        // A flat image blurs to itself (edges clamped), so bloom is c + 0.8(c − c²) and gloom c − 0.8·c(1 − c).
        #expect(Render.maxDifference(Array(bloom.prefix(4)), [c + 0.8 * (c - c * c), c + 0.8 * (c - c * c), c + 0.8 * (c - c * c), 1]) <= 1e-5)
        #expect(Render.maxDifference(Array(gloom.prefix(4)), [c - 0.8 * c * (1 - c), c - 0.8 * c * (1 - c), c - 0.8 * c * (1 - c), 1]) <= 1e-5)
        #expect(Set(bloom).count <= 2 && Set(gloom).count <= 2)
        // On a pattern bloom never darkens and gloom never brightens; intensity 0 changes nothing.
        let pattern = TestImages.patternImage(width: 16, height: 12)
        let region = CGRect(x: 0, y: 0, width: 16, height: 12)
        let input = Render.linearFloats(pattern, region)
        let bloomed = Render.linearFloats(pattern.applyingFilter("CIBloom", parameters: [kCIInputRadiusKey: 2]), region)
        let gloomed = Render.linearFloats(pattern.applyingFilter("CIGloom", parameters: [kCIInputRadiusKey: 2]), region)
        #expect(zip(bloomed, input).allSatisfy { $0 >= $1 - 1e-6 } && zip(gloomed, input).allSatisfy { $0 <= $1 + 1e-6 })
        #expect(Render.linearFloats(pattern.applyingFilter("CIBloom", parameters: [kCIInputIntensityKey: 0]), region) == input)
        let typed = CIFilter.gloom(); typed.inputImage = pattern; typed.radius = 2
        #expect(typed.intensity == 0.5)
        #expect(Render.linearFloats(try #require(typed.outputImage), region) == gloomed)
    }

    @Test func labDeltaEOfKnownPairs() throws {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 6)
        func deltaE(_ a: CIImage, _ b: CIImage) -> [Float] { Array(Render.linearFloats(a.applyingFilter("CILabDeltaE", parameters: ["inputImage2": b]), rect).prefix(4)) }
        // White against black: L* 100 against 0, no chroma.
        #expect(Render.maxDifference(deltaE(Self.flat(1), Self.flat(0)), [100, 100, 100, 1]) <= 1e-3)
        #expect(deltaE(Self.flat(0.4), Self.flat(0.4)) == [0, 0, 0, 1])
        // Two greys differ only in L* = 116·∛Y − 16.
        let l = { (v: Double) in 116 * cbrt(SRGB.toLinear(v) * (0.2126729 + 0.7151522 + 0.0721750)) - 16 }
        let expected = Float(l(0.8) - l(0.3))
        #expect(abs(deltaE(Self.flat(0.8), Self.flat(0.3))[0] - expected) <= 1e-3)
        let typed = CIFilter.labDeltaE(); typed.inputImage = Self.flat(1); typed.image2 = Self.flat(0)
        #expect(try #require(typed.outputImage).extent == rect)
    }

    @Test func linearBumpMovesStraightAcrossTheLine() {
        let image = TestImages.patternImage(width: 64, height: 48)
        let region = CGRect(x: 0, y: 0, width: 64, height: 48)
        let input = Render.linearFloats(image, region)
        let output = Render.linearFloats(image.applyingFilter("CIBumpDistortionLinear", parameters: [
            kCIInputCenterKey: CIVector(x: 30.5, y: 22.5), kCIInputRadiusKey: 20, kCIInputAngleKey: 0, kCIInputScaleKey: 0.8]), region)
        func pixel(_ values: [Float], _ x: Int, _ y: Int) -> [Float] { Array(values[((47 - y) * 64 + x) * 4..<((47 - y) * 64 + x) * 4 + 4]) }
        // Horizontal line y = 22.5: d = ±10 shows ±8, d = 0 and |d| ≥ 20 are unmoved, whatever the column.
        for x in [3, 30, 61] {
            #expect(Render.maxDifference(pixel(output, x, 32), pixel(input, x, 30)) <= 1e-6)
            #expect(Render.maxDifference(pixel(output, x, 12), pixel(input, x, 14)) <= 1e-6)
            #expect(Render.maxDifference(pixel(output, x, 22), pixel(input, x, 22)) <= 1e-6)
            #expect(Render.maxDifference(pixel(output, x, 44), pixel(input, x, 44)) <= 1e-6)
        }
    }
}
