import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// `CIDissolveTransition`, `CIColorMap` and `CIColorCubesMixedWithMask` beyond their numpy references:
/// Apple's attributes, the ends of the transition, and lookups whose results are known exactly.
@Suite struct DissolveColorMapTests {
    static let rect = CGRect(x: 0, y: 0, width: 4, height: 3)

    static func flat(_ r: Double, _ g: Double, _ b: Double, _ rect: CGRect = DissolveColorMapTests.rect) -> CIImage {
        CIImage(color: CIColor(red: r, green: g, blue: b)).cropped(to: rect)
    }

    @Test func attributesMatchApple() throws {
        let dissolve = try #require(CIFilter(name: "CIDissolveTransition"))
        #expect(dissolve.attributes[kCIAttributeFilterDisplayName] as? String == "Dissolve")
        #expect(dissolve.inputKeys == [kCIInputImageKey, "inputTargetImage", kCIInputTimeKey])
        let time = try #require(dissolve.attributes[kCIInputTimeKey] as? [String: Any])
        #expect(time[kCIAttributeType] as? String == kCIAttributeTypeTime)
        #expect(FilterValuesProbe.number(time[kCIAttributeDefault]) == 0 && FilterValuesProbe.number(time[kCIAttributeMax]) == 1)
        #expect(CIFilter.filterNames(inCategory: kCICategoryTransition).contains("CIDissolveTransition"))
        let map = try #require(CIFilter(name: "CIColorMap"))
        #expect(map.inputKeys == [kCIInputImageKey, "inputGradientImage"])
        #expect((map.attributes["inputGradientImage"] as? [String: Any])?[kCIAttributeType] as? String == "CIAttributeTypeGradient")
        let cubes = try #require(CIFilter(name: "CIColorCubesMixedWithMask"))
        #expect(cubes.attributes[kCIAttributeFilterDisplayName] as? String == "Color Cubes Mixed With Mask")
        let dimension = try #require(cubes.attributes["inputCubeDimension"] as? [String: Any])
        #expect(FilterValuesProbe.number(dimension[kCIAttributeDefault]) == 2 && FilterValuesProbe.number(dimension[kCIAttributeMax]) == 64)
    }

    @Test func dissolveEndsAreTheImagesAndTheMiddleMixes() throws {
        let a = Self.flat(0.9, 0.2, 0.1), b = Self.flat(0.1, 0.5, 0.8)
        let la = Render.linearFloats(a, Self.rect), lb = Render.linearFloats(b, Self.rect)
        func at(_ t: Double) -> [Float] {
            Render.linearFloats(a.applyingFilter("CIDissolveTransition", parameters: ["inputTargetImage": b, kCIInputTimeKey: t]), Self.rect)
        }
        #expect(at(0) == la && at(1) == lb)
        #expect(Render.maxDifference(at(0.25), zip(la, lb).map { $0 + ($1 - $0) * 0.25 }) <= 1e-6)
        let typed = CIFilter.dissolveTransition()
        #expect(typed.time == 0)
        typed.inputImage = a; typed.targetImage = b; typed.time = 0.25
        #expect(Render.linearFloats(try #require(typed.outputImage), Self.rect) == at(0.25))
    }

    @Test func colorMapLooksLuminanceUpInTheGradient() throws {
        // A black-to-white gradient maps a grey to its own luminance, i.e. leaves greys as they are.
        let ramp = Self.flat(1, 1, 1, CGRect(x: 1, y: 0, width: 1, height: 1)).composited(over: Self.flat(0, 0, 0, CGRect(x: 0, y: 0, width: 2, height: 1)))
        for grey in [0.0, 0.3, 0.55, 1.0] {
            let image = Self.flat(grey, grey, grey)
            let mapped = Render.linearFloats(image.applyingFilter("CIColorMap", parameters: ["inputGradientImage": ramp]), Self.rect)
            #expect(Render.maxDifference(mapped, Render.linearFloats(image, Self.rect)) <= 1e-5, "grey \(grey)")
        }
        // Red, green, blue: black takes the first, white the last (within float rounding of the luminance weights).
        let rgb = Self.flat(1, 0, 0, CGRect(x: 0, y: 0, width: 1, height: 1))
            .composited(over: Self.flat(0, 1, 0, CGRect(x: 1, y: 0, width: 1, height: 1)))
            .composited(over: Self.flat(0, 0, 1, CGRect(x: 2, y: 0, width: 1, height: 1)))
        let black = Render.linearFloats(Self.flat(0, 0, 0).applyingFilter("CIColorMap", parameters: ["inputGradientImage": rgb]), Self.rect)
        let white = Render.linearFloats(Self.flat(1, 1, 1).applyingFilter("CIColorMap", parameters: ["inputGradientImage": rgb]), Self.rect)
        #expect(Render.maxDifference(Array(black.prefix(4)), [1, 0, 0, 1]) <= 1e-6)
        #expect(Render.maxDifference(Array(white.prefix(4)), [0, 0, 1, 1]) <= 1e-6)
        let typed = CIFilter.colorMap(); typed.inputImage = Self.flat(0, 0, 0); typed.gradientImage = rgb
        #expect(Render.linearFloats(try #require(typed.outputImage), Self.rect) == black)
    }

    @Test func cubesMixedByTheMask() throws {
        let image = TestImages.patternImage(width: 4, height: 3)
        let input = Render.linearFloats(image, Self.rect)
        func mixed(_ mask: CIImage) -> [Float] {
            Render.linearFloats(image.applyingFilter("CIColorCubesMixedWithMask", parameters: [
                kCIInputMaskImageKey: mask, "inputCube0Data": ReferenceInputs.rotatingCube, "inputCube1Data": ColorCubeIdentity.data]), Self.rect)
        }
        // A white mask picks cube 1 (the identity), a black one cube 0 ((r, g, b) → (g, b, r)).
        #expect(Render.maxDifference(mixed(Self.flat(1, 1, 1)), input) <= 1e-6)
        let rotated: [Float] = stride(from: 0, to: input.count, by: 4).flatMap { (i: Int) -> [Float] in [input[i + 1], input[i + 2], input[i], input[i + 3]] }
        #expect(Render.maxDifference(mixed(Self.flat(0, 0, 0)), rotated) <= 1e-6)
        // Defaults: two identity cubes.
        #expect(Render.maxDifference(Render.linearFloats(image.applyingFilter("CIColorCubesMixedWithMask", parameters: [kCIInputMaskImageKey: Self.flat(0.5, 0.5, 0.5)]), Self.rect), input) <= 1e-6)
        #expect(CIFilter(name: "CIColorCubesMixedWithMask", parameters: [kCIInputImageKey: image, kCIInputMaskImageKey: image,
                                                                         "inputCube0Data": Data([1, 2, 3])])?.outputImage == nil)
    }
}
