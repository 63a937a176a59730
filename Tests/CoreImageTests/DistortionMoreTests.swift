import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// The distortions and zoom blur of issue 19 beyond their numpy references (`FilterReferenceCases+DistortionsMore.swift`):
/// Apple's attributes, identities, where pixels stay and where they come from, the typed API.
@Suite struct DistortionMoreTests {
    static let region = CGRect(x: 0, y: 0, width: 64, height: 48)
    static var image: CIImage { TestImages.patternImage(width: 64, height: 48) }

    static func pixel(_ values: [Float], _ x: Int, _ y: Int) -> [Float] {
        let start = ((47 - y) * 64 + x) * 4
        return Array(values[start..<(start + 4)])
    }

    static func render(_ name: String, _ parameters: [String: Any]) -> [Float] {
        Render.linearFloats(image.applyingFilter(name, parameters: parameters), region)
    }

    @Test func attributesMatchApple() throws {
        let names = ["CILightTunnel", "CITorusLensDistortion", "CIGlassLozenge", "CIDisplacementDistortion", "CIGlassDistortion"]
        let displays = ["Light Tunnel Distortion", "Torus Lens Distortion", "Glass Lozenge", "Displacement Distortion", "Glass Distortion"]
        let distortions = Set(CIFilter.filterNames(inCategory: kCICategoryDistortionEffect))
        for (name, display) in zip(names, displays) {
            let filter = try #require(CIFilter(name: name))
            #expect(filter.attributes[kCIAttributeFilterDisplayName] as? String == display)
            #expect(filter.attributes[kCIAttributeFilterCategories] as? [String] == [kCICategoryDistortionEffect, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn])
            #expect(distortions.contains(name))
        }
        func attribute(_ name: String, _ key: String) throws -> [String: Any] {
            try #require(CIFilter(name: name)?.attributes[key] as? [String: Any], "\(name) \(key)")
        }
        let torus = try attribute("CITorusLensDistortion", kCIInputRadiusKey)
        #expect(FilterValuesProbe.number(torus[kCIAttributeDefault]) == 160 && FilterValuesProbe.number(torus[kCIAttributeSliderMax]) == 500)
        let refraction = try attribute("CIGlassLozenge", kCIInputRefractionKey)
        #expect(FilterValuesProbe.number(refraction[kCIAttributeDefault]) == 1.7 && FilterValuesProbe.number(refraction[kCIAttributeIdentity]) == 1)
        let point1 = try attribute("CIGlassLozenge", "inputPoint1")
        #expect(point1[kCIAttributeDefault] as? CIVector == CIVector(x: 350, y: 150))
        let rotation = try attribute("CILightTunnel", "inputRotation")
        #expect(rotation[kCIAttributeType] as? String == kCIAttributeTypeAngle && FilterValuesProbe.number(rotation[kCIAttributeSliderMax]) == Double.pi / 2)
        let scale = try attribute("CIGlassDistortion", kCIInputScaleKey)
        #expect(FilterValuesProbe.number(scale[kCIAttributeDefault]) == 200)
        let amount = try attribute("CIZoomBlur", kCIInputAmountKey)
        #expect(FilterValuesProbe.number(amount[kCIAttributeDefault]) == 20 && FilterValuesProbe.number(amount[kCIAttributeSliderMin]) == -200)
        #expect(try #require(CIFilter(name: "CIZoomBlur")).attributes[kCIAttributeFilterCategories] as? [String] == [kCICategoryBlur, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn])
    }

    @Test func lensesMagnifyInsideAndLeaveTheRestAlone() {
        let input = Render.linearFloats(Self.image, Self.region)
        let centre = CIVector(x: 30.5, y: 22.5)
        // Refraction 1 is the identity for both lenses.
        #expect(Self.render("CITorusLensDistortion", [kCIInputCenterKey: centre, kCIInputRadiusKey: 12, kCIInputWidthKey: 8, kCIInputRefractionKey: 1]) == input)
        #expect(Self.render("CIGlassLozenge", ["inputPoint0": CIVector(x: 20.5, y: 22.5), "inputPoint1": CIVector(x: 40.5, y: 22.5),
                                               kCIInputRefractionKey: 1, kCIInputRadiusKey: 8]) == input)
        // Torus R 12, W 8: the ring spans 8…16 from the centre; pixels at 12 (its middle line) and outside stay put.
        let torus = Self.render("CITorusLensDistortion", [kCIInputCenterKey: centre, kCIInputRadiusKey: 12, kCIInputWidthKey: 8, kCIInputRefractionKey: 2])
        for (x, y) in [(42, 22), (30, 34), (30, 22), (50, 22), (2, 2)] {
            #expect(Render.maxDifference(Self.pixel(torus, x, y), Self.pixel(input, x, y)) <= 1e-6, "torus (\(x), \(y))")
        }
        // At d = 14 (t = ½) the lens shows 12 + 2·(1 − ½·√¾) = 13.134: not the pixel itself.
        #expect(Self.pixel(torus, 44, 22) != Self.pixel(input, 44, 22))
        // Lozenge along y = 22.5 from x 20.5 to 40.5, radius 8: the spine stays, and beyond the radius nothing moves.
        let lozenge = Self.render("CIGlassLozenge", ["inputPoint0": CIVector(x: 20.5, y: 22.5), "inputPoint1": CIVector(x: 40.5, y: 22.5),
                                                     kCIInputRefractionKey: 2, kCIInputRadiusKey: 8])
        for (x, y) in [(25, 22), (35, 22), (30, 40), (30, 5), (5, 22), (60, 22)] {
            #expect(Render.maxDifference(Self.pixel(lozenge, x, y), Self.pixel(input, x, y)) <= 1e-6, "lozenge (\(x), \(y))")
        }
        // Refraction 2: 4 above the spine (δ/ρ = ½) shows 4·(1 − ½·√¾) = 2.27 above it — between rows 24 and 25.
        #expect(Self.pixel(lozenge, 30, 26) != Self.pixel(input, 30, 26))
    }

    @Test func lightTunnelKeepsTheDiscAndSpiralsTheRim() {
        let input = Render.linearFloats(Self.image, Self.region)
        let out = Self.render("CILightTunnel", [kCIInputCenterKey: CIVector(x: 30.5, y: 22.5), kCIInputRadiusKey: 10, "inputRotation": 0])
        for (x, y) in [(30, 22), (36, 28), (22, 18)] { #expect(Self.pixel(out, x, y) == Self.pixel(input, x, y)) }
        // Rotation 0: every point beyond the rim shows the rim point on its ray (here pixel (40, 22)'s centre).
        for x in [45, 55, 63] { #expect(Render.maxDifference(Self.pixel(out, x, 22), Self.pixel(input, 40, 22)) <= 1e-6) }
        // Rotation π/2 at d = 2R turns the rim point by π/2: (+20, 0) shows (0, +10).
        let turned = Self.render("CILightTunnel", [kCIInputCenterKey: CIVector(x: 30.5, y: 22.5), kCIInputRadiusKey: 10, "inputRotation": Double.pi / 2])
        #expect(Render.maxDifference(Self.pixel(turned, 50, 22), Self.pixel(input, 30, 32)) <= 1e-5)
        #expect(CIFilter.lightTunnel().radius == 100)
    }

    @Test func displacementMovesByTheMap() throws {
        let input = Render.linearFloats(Self.image, Self.region)
        // A constant map of linear (0.75, 0.25): every pixel shows the input 2 px right and 2 px down (scale 8).
        let space = try #require(CGColorSpace(name: CGColorSpace.extendedLinearSRGB))
        let color = try #require(CIColor(red: 0.75, green: 0.25, blue: 0, alpha: 1, colorSpace: space))
        let map = CIImage(color: color).cropped(to: Self.region)
        let typed = CIFilter.displacementDistortion()
        typed.inputImage = Self.image; typed.displacementImage = map; typed.scale = 8
        let out = Render.linearFloats(try #require(typed.outputImage), Self.region)
        for (x, y) in [(0, 2), (10, 30), (61, 47)] {
            #expect(Render.maxDifference(Self.pixel(out, x, y), Self.pixel(input, x + 2, y - 2)) <= 1e-5, "(\(x), \(y))")
        }
        #expect(try #require(typed.outputImage).extent == Self.image.extent)
        // A flat texture has no slopes: the glass is the identity.
        let flat = CIImage(color: CIColor(red: 0.3, green: 0.6, blue: 0.9)).cropped(to: CGRect(x: 0, y: 0, width: 7, height: 5))
        #expect(Self.render("CIGlassDistortion", ["inputTexture": flat, kCIInputScaleKey: 300]) == input)
    }

    @Test func zoomBlurStreaksTowardsTheCentre() throws {
        // A constant (clamped) image stays constant.
        let grey = CIImage(color: CIColor(red: 0.4, green: 0.5, blue: 0.6))
        let constant = Render.linearFloats(grey.applyingFilter("CIZoomBlur", parameters: [kCIInputCenterKey: CIVector(x: 10, y: 10), kCIInputAmountKey: 80]),
                                           Self.region)
        let expected = Render.linearFloats(grey, Self.region)
        #expect(Render.maxDifference(constant, expected) <= 1e-6)
        // A bright dot at (40, 22): a zoom towards the centre (20, 22) spreads it outward on the far side only.
        let dot = CIImage(color: CIColor(red: 1, green: 1, blue: 1)).cropped(to: CGRect(x: 40, y: 22, width: 1, height: 1))
            .composited(over: CIImage(color: CIColor(red: 0, green: 0, blue: 0)).cropped(to: Self.region))
        let typed = CIFilter.zoomBlur()
        typed.inputImage = dot; typed.center = CGPoint(x: 20.5, y: 22.5); typed.amount = 50
        let out = Render.linearFloats(try #require(typed.outputImage), Self.region)
        #expect(Self.pixel(out, 45, 22)[0] > 0.01 && Self.pixel(out, 35, 22)[0] == 0 && Self.pixel(out, 45, 30)[0] == 0)
        #expect(Self.pixel(out, 40, 22)[0] < 1 && Self.pixel(out, 40, 22)[0] > 0)
    }
}
