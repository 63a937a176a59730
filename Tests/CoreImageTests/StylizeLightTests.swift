import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// The spot light, height field, shaded material and gradient pairs of issue 19 beyond their numpy references
/// (`FilterReferenceCases+StylizeLight.swift`): Apple's attributes and the shapes measured.
@Suite struct StylizeLightTests {
    static let region = CGRect(x: 0, y: 0, width: 40, height: 30)

    static func pixel(_ values: [Float], _ x: Int, _ y: Int) -> [Float] {
        let start = ((29 - y) * 40 + x) * 4
        return Array(values[start..<(start + 4)])
    }

    @Test func attributesMatchApple() throws {
        for (name, display) in [("CISpotLight", "Spot Light"), ("CIHeightFieldFromMask", "Height Field From Mask"), ("CIShadedMaterial", "Shaded Material"),
                                ("CISobelGradients", "Sobel Gradients"), ("CIGaborGradients", "Gabor Gradients")] {
            let filter = try #require(CIFilter(name: name))
            #expect(filter.attributes[kCIAttributeFilterDisplayName] as? String == display)
            #expect(filter.attributes[kCIAttributeFilterCategories] as? [String] == [kCICategoryStylize, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn])
        }
        let position = try #require(CIFilter(name: "CISpotLight")?.attributes["inputLightPosition"] as? [String: Any])
        #expect(position[kCIAttributeDefault] as? CIVector == CIVector(x: 400, y: 600, z: 150) && position[kCIAttributeType] as? String == kCIAttributeTypePosition3)
        let concentration = try #require(CIFilter(name: "CISpotLight")?.attributes["inputConcentration"] as? [String: Any])
        #expect(FilterValuesProbe.number(concentration[kCIAttributeDefault]) == 0.1 && FilterValuesProbe.number(concentration[kCIAttributeIdentity]) == 20)
        let scale = try #require(CIFilter(name: "CIShadedMaterial")?.attributes[kCIInputScaleKey] as? [String: Any])
        #expect(FilterValuesProbe.number(scale[kCIAttributeDefault]) == 10 && FilterValuesProbe.number(scale[kCIAttributeSliderMin]) == 0.5)
        #expect(CIFilter.spotLight().brightness == 3 && CIFilter.heightFieldFromMask().radius == 10 && CIFilter.shadedMaterial().scale == 10)
        #expect(CIFilter.sobelGradients().inputImage == nil && CIFilter.gaborGradients().inputImage == nil)
    }

    @Test func spotLightIsBrightestWhereItPoints() throws {
        let image = TestImages.patternImage(width: 40, height: 30)
        let input = Render.linearFloats(image, Self.region)
        let spot = CIFilter.spotLight()
        spot.inputImage = image; spot.lightPosition = CIVector(x: 5, y: 25, z: 30); spot.lightPointsAt = CIVector(x: 20.5, y: 15.5, z: 0)
        spot.brightness = 2; spot.concentration = 0.2; spot.color = CIColor(red: 1, green: 1, blue: 1)
        let out = Render.linearFloats(try #require(spot.outputImage), Self.region)
        // Where the light points the colour is doubled; the alpha never changes; away from it the light falls off.
        #expect(Render.maxDifference(Self.pixel(out, 20, 15), Self.pixel(input, 20, 15).enumerated().map { $0.offset < 3 ? $0.element * 2 : $0.element }) <= 1e-5)
        func gain(_ x: Int, _ y: Int) -> Float { Self.pixel(out, x, y)[0..<3].reduce(0, +) / Self.pixel(input, x, y)[0..<3].reduce(0, +) }
        #expect(gain(20, 15) > gain(30, 15) && gain(30, 15) > gain(39, 15) && gain(20, 15) > gain(20, 2))
        for index in stride(from: 3, to: out.count, by: 4) { #expect(out[index] == input[index]) }
    }

    @Test func heightFieldRisesFromTheEdgeAndShadesFlatAreasEvenly() throws {
        // A white 20×20 square mask on black: 0 outside, ½-blur at the edge gives 0, the middle reaches 1.
        let square = CIImage(color: CIColor(red: 1, green: 1, blue: 1)).cropped(to: CGRect(x: 10, y: 5, width: 20, height: 20))
            .composited(over: CIImage(color: CIColor(red: 0, green: 0, blue: 0)).cropped(to: Self.region))
        let field = CIFilter.heightFieldFromMask()
        field.inputImage = square; field.radius = 6
        let heights = Render.linearFloats(try #require(field.outputImage), Self.region)
        #expect(Self.pixel(heights, 3, 15) == [0, 0, 0, 1] && Render.maxDifference(Self.pixel(heights, 20, 15), [1, 1, 1, 1]) <= 1e-5)
        var previous: Float = -1
        for x in 10...20 {
            let h = Self.pixel(heights, x, 15)[0]
            #expect(h >= previous, "x = \(x)"); previous = h
        }
        #expect(Self.pixel(heights, 10, 15)[0] < 0.3)
        // A flat height field shows the middle of the sphere everywhere.
        let sphere = TestImages.alphaPattern(width: 5, height: 5, seed: 3)
        let middle = Render.linearFloats(sphere, CGRect(x: 2, y: 2, width: 1, height: 1))
        let flat = CIImage(color: CIColor(red: 0.5, green: 0.5, blue: 0.5)).cropped(to: Self.region)
        let shaded = Render.linearFloats(flat.applyingFilter("CIShadedMaterial", parameters: [kCIInputShadingImageKey: sphere, kCIInputScaleKey: 20]), Self.region)
        for (x, y) in [(5, 5), (20, 15), (30, 25)] { #expect(Render.maxDifference(Self.pixel(shaded, x, y), middle) <= 1e-6) }
    }

    @Test func gradientPairsFindEdges() throws {
        // Black on the left, white from x = 20: the horizontal derivative is ½ on both sides of the edge (Sobel),
        // 0 elsewhere; the vertical one is 0; blue 0 and alpha 1 everywhere.
        let edge = CIImage(color: CIColor(red: 1, green: 1, blue: 1)).cropped(to: CGRect(x: 20, y: 0, width: 20, height: 30))
            .composited(over: CIImage(color: CIColor(red: 0, green: 0, blue: 0)).cropped(to: Self.region))
        let sobel = CIFilter.sobelGradients(); sobel.inputImage = edge
        let out = Render.linearFloats(try #require(sobel.outputImage), Self.region)
        for y in [0, 15, 29] {
            #expect(Self.pixel(out, 19, y) == [0.5, 0, 0, 1] && Self.pixel(out, 20, y) == [0.5, 0, 0, 1], "y \(y)")
            #expect(Self.pixel(out, 10, y) == [0, 0, 0, 1] && Self.pixel(out, 30, y) == [0, 0, 0, 1] && Self.pixel(out, 39, y) == [0, 0, 0, 1])
        }
        // Turned a quarter (white on top): the vertical derivative, positive upward.
        let top = CIImage(color: CIColor(red: 1, green: 1, blue: 1)).cropped(to: CGRect(x: 0, y: 15, width: 40, height: 15))
            .composited(over: CIImage(color: CIColor(red: 0, green: 0, blue: 0)).cropped(to: Self.region))
        let gabor = Render.linearFloats(top.applyingFilter("CIGaborGradients"), Self.region)
        #expect(Self.pixel(gabor, 20, 14)[1] > 0.1 && Self.pixel(gabor, 20, 15)[1] > 0.1 && abs(Self.pixel(gabor, 20, 14)[0]) < 1e-6)
        #expect(Render.maxDifference(Self.pixel(gabor, 20, 5), [0, 0, 0, 1]) <= 1e-6 && Render.maxDifference(Self.pixel(gabor, 20, 25), [0, 0, 0, 1]) <= 1e-6)
    }
}
