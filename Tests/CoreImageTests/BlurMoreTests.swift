import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// The bokeh blur and depth of field of issue 19 beyond their numpy references (`FilterReferenceCases+BlursMore.swift`).
@Suite struct BlurMoreTests {
    static let region = CGRect(x: 0, y: 0, width: 48, height: 48)

    static func red(_ values: [Float], _ x: Int, _ y: Int) -> Float { values[((47 - y) * 48 + x) * 4] }

    @Test func attributesMatchApple() throws {
        let bokeh = try #require(CIFilter(name: "CIBokehBlur"))
        #expect(bokeh.attributes[kCIAttributeFilterDisplayName] as? String == "Bokeh Blur")
        #expect(bokeh.attributes[kCIAttributeFilterCategories] as? [String] == [kCICategoryBlur, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn])
        let radius = try #require(bokeh.attributes[kCIInputRadiusKey] as? [String: Any])
        #expect(FilterValuesProbe.number(radius[kCIAttributeDefault]) == 20 && FilterValuesProbe.number(radius[kCIAttributeMax]) == 500)
        let ring = try #require(bokeh.attributes["inputRingSize"] as? [String: Any])
        #expect(FilterValuesProbe.number(ring[kCIAttributeDefault]) == 0.1 && FilterValuesProbe.number(ring[kCIAttributeMax]) == 0.2)
        let depth = try #require(CIFilter(name: "CIDepthOfField"))
        #expect(depth.attributes[kCIAttributeFilterDisplayName] as? String == "Depth of Field")
        #expect(depth.attributes[kCIAttributeFilterCategories] as? [String] == [kCICategoryStylize, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn])
        #expect((depth.attributes["inputPoint0"] as? [String: Any])?[kCIAttributeDefault] as? CIVector == CIVector(x: 0, y: 300))
        let typed = CIFilter.bokehBlur()
        #expect(typed.radius == 20 && typed.ringAmount == 0 && abs(typed.ringSize - 0.1) < 1e-6 && typed.softness == 1)
        #expect(CIFilter.depthOfField().radius == 6 && CIFilter.depthOfField().point1 == CGPoint(x: 300, y: 300))
    }

    @Test func bokehKeepsFlatAreasAndLightsItsRing() throws {
        let grey = CIImage(color: CIColor(red: 0.3, green: 0.5, blue: 0.7))
        let flat = Render.linearFloats(grey.applyingFilter("CIBokehBlur", parameters: [kCIInputRadiusKey: 7, "inputRingAmount": 1]), Self.region)
        #expect(Render.maxDifference(flat, Render.linearFloats(grey, Self.region)) <= 1e-5)
        // A single white pixel spreads into a disc of radius 10; with ring amount 1 the rim (ρ between 8 and 10)
        // is twice as bright as the inside (weights 4 and 2), and nothing lies beyond the radius.
        let dot = CIImage(color: CIColor(red: 1, green: 1, blue: 1)).cropped(to: CGRect(x: 24, y: 24, width: 1, height: 1))
        let typed = CIFilter.bokehBlur()
        typed.inputImage = dot; typed.radius = 10; typed.ringAmount = 1; typed.ringSize = 0.2; typed.softness = 0
        let out = Render.linearFloats(try #require(typed.outputImage), Self.region)
        let inside = Self.red(out, 24, 24), rim = Self.red(out, 33, 24), beyond = Self.red(out, 35, 24)
        #expect(inside > 0 && abs(rim - 2 * inside) <= 1e-6 && beyond == 0, "inside \(inside), rim \(rim), beyond \(beyond)")
        #expect(abs(Self.red(out, 24, 33) - rim) <= 1e-6 && abs(Self.red(out, 29, 29) - inside) <= 1e-6)
    }

    @Test func depthOfFieldIsSharpOnTheLineAndBlurredAway() throws {
        let image = TestImages.patternImage(width: 48, height: 48)
        let parameters: [String: Any] = ["inputPoint0": CIVector(x: 0, y: 24.5), "inputPoint1": CIVector(x: 48, y: 24.5), kCIInputRadiusKey: 4]
        let out = Render.linearFloats(image.applyingFilter("CIDepthOfField", parameters: parameters), Self.region)
        let sharp = image.applyingFilter("CIColorControls", parameters: [kCIInputSaturationKey: 1.5])
            .applyingFilter("CIUnsharpMask", parameters: [kCIInputRadiusKey: 2.5, kCIInputIntensityKey: 0.5])
        let sharpValues = Render.linearFloats(sharp, Self.region)
        let blurred = Render.linearFloats(sharp.applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: 4]), Self.region)
        for x in [3, 20, 44] {
            let at = ((47 - 24) * 48 + x) * 4, far = ((47 - 2) * 48 + x) * 4
            // On the line (row 24) the mask is 0: the sharpened, saturated image; 22 rows away (falloff 24 → 0.92)
            // the blur is nearly full, far from the sharp image.
            #expect(Render.maxDifference(Array(out[at..<at + 4]), Array(sharpValues[at..<at + 4])) <= 1e-6, "x \(x) on the line")
            #expect(Render.maxDifference(Array(out[far..<far + 4]), Array(blurred[far..<far + 4])) < Render.maxDifference(Array(out[far..<far + 4]), Array(sharpValues[far..<far + 4])))
        }
    }
}
