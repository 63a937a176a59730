import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// The circular distortions beyond their numpy references: Apple's attributes, the typed API, extents, and
/// output pixels that must equal particular input pixels (maps chosen so the sample falls on a pixel centre).
@Suite struct DistortionTests {
    static let region = CGRect(x: 0, y: 0, width: 64, height: 48)
    /// Every case is centred on the pixel centre (30.5, 22.5) of a 64×48 pattern.
    static let centre = CIVector(x: 30.5, y: 22.5)

    static func pixel(_ values: [Float], _ x: Int, _ y: Int) -> [Float] {
        let start = ((47 - y) * 64 + x) * 4
        return Array(values[start..<(start + 4)])
    }

    /// `name` applied with `parameters`; for each (output, input) pixel pair, the output pixel must equal the
    /// input pixel (1e-6: the sample lands on a pixel centre).
    static func check(_ name: String, _ parameters: [String: Any], _ pairs: [((Int, Int), (Int, Int)?)]) {
        let image = TestImages.patternImage(width: 64, height: 48)
        let input = Render.linearFloats(image, region)
        var all = parameters
        all[kCIInputCenterKey] = centre
        let output = Render.linearFloats(image.applyingFilter(name, parameters: all), region)
        for ((x, y), source) in pairs {
            let expected = source.map { pixel(input, $0.0, $0.1) } ?? [0, 0, 0, 0]
            #expect(Render.maxDifference(pixel(output, x, y), expected) <= 1e-6, "\(name): output (\(x), \(y)) should be \(source.map { "input \($0)" } ?? "clear")")
        }
    }

    @Test func attributesMatchApple() throws {
        let names = ["CITwirlDistortion", "CIVortexDistortion", "CIPinchDistortion", "CIBumpDistortion", "CIHoleDistortion", "CICircleSplashDistortion"]
        let displays = ["Twirl Distortion", "Vortex Distortion", "Pinch Distortion", "Bump Distortion", "Hole Distortion", "Circle Splash Distortion"]
        let radii: [Double] = [300, 300, 300, 300, 150, 150]
        let distortions = CIFilter.filterNames(inCategory: kCICategoryDistortionEffect)
        for (index, name) in names.enumerated() {
            let filter = try #require(CIFilter(name: name))
            #expect(filter.attributes[kCIAttributeFilterDisplayName] as? String == displays[index])
            #expect(filter.attributes[kCIAttributeFilterCategories] as? [String]
                    == [kCICategoryDistortionEffect, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn])
            #expect(Array(filter.inputKeys.prefix(3)) == [kCIInputImageKey, kCIInputCenterKey, kCIInputRadiusKey], "\(name)")
            let radius = try #require(filter.attributes[kCIInputRadiusKey] as? [String: Any])
            #expect(FilterValuesProbe.number(radius[kCIAttributeDefault]) == radii[index], "\(name)")
            #expect(radius[kCIAttributeType] as? String == kCIAttributeTypeDistance)
            let centre = try #require(filter.attributes[kCIInputCenterKey] as? [String: Any])
            #expect(centre[kCIAttributeDefault] as? CIVector == CIVector(x: 150, y: 150))
            #expect(distortions.contains(name))
        }
        let twirl = try #require(CIFilter(name: "CITwirlDistortion")?.attributes[kCIInputAngleKey] as? [String: Any])
        #expect(FilterValuesProbe.number(twirl[kCIAttributeDefault]) == Double.pi)
        let vortex = try #require(CIFilter(name: "CIVortexDistortion")?.attributes[kCIInputAngleKey] as? [String: Any])
        #expect(FilterValuesProbe.number(vortex[kCIAttributeDefault]) == 56.54866776461628)
        let pinch = try #require(CIFilter(name: "CIPinchDistortion")?.attributes[kCIInputScaleKey] as? [String: Any])
        #expect(FilterValuesProbe.number(pinch[kCIAttributeDefault]) == 0.5 && FilterValuesProbe.number(pinch[kCIAttributeSliderMax]) == 2)
        let bump = try #require(CIFilter(name: "CIBumpDistortion")?.attributes[kCIInputScaleKey] as? [String: Any])
        #expect(FilterValuesProbe.number(bump[kCIAttributeSliderMin]) == -1 && FilterValuesProbe.number(bump[kCIAttributeIdentity]) == 0)
        let hole = try #require(CIFilter(name: "CIHoleDistortion")?.attributes[kCIInputRadiusKey] as? [String: Any])
        #expect(FilterValuesProbe.number(hole[kCIAttributeMin]) == 0.01)
    }

    @Test func twirlAndVortexTurnAboutTheCentre() {
        // Twirl π, radius 20: at r = 10 the turn is π/2, so (+10, 0) shows (0, −10); outside the disc nothing moves.
        Self.check("CITwirlDistortion", [kCIInputRadiusKey: 20, kCIInputAngleKey: Double.pi],
                   [((40, 22), (30, 12)), ((30, 32), (40, 22)), ((30, 22), (30, 22)), ((55, 40), (55, 40)), ((2, 3), (2, 3))])
        // Vortex 4π, radius 20: at r = 10 the turn is 4π·(1/2)² = π, so (+10, 0) shows (−10, 0).
        Self.check("CIVortexDistortion", [kCIInputRadiusKey: 20, kCIInputAngleKey: 4 * Double.pi],
                   [((40, 22), (20, 22)), ((30, 12), (30, 32)), ((60, 5), (60, 5))])
    }

    @Test func pinchBumpHoleAndSplashMoveAlongRays() {
        // Pinch 1 (exponent ½), radius 20: r = 5 shows r' = 20·√(5/20) = 10.
        Self.check("CIPinchDistortion", [kCIInputRadiusKey: 20, kCIInputScaleKey: 1],
                   [((35, 22), (40, 22)), ((30, 17), (30, 12)), ((30, 22), (30, 22)), ((63, 47), (63, 47))])
        // Bump 0.8, radius 20: r = 10 shows 10·(1 − 0.8·¼) = 8.
        Self.check("CIBumpDistortion", [kCIInputRadiusKey: 20, kCIInputScaleKey: 0.8],
                   [((40, 22), (38, 22)), ((20, 22), (22, 22)), ((30, 32), (30, 30)), ((0, 0), (0, 0))])
        // Hole radius 6: r = 10 shows √(100 − 36) = 8; inside the hole is clear.
        Self.check("CIHoleDistortion", [kCIInputRadiusKey: 6],
                   [((40, 22), (38, 22)), ((30, 12), (30, 14)), ((30, 22), nil), ((33, 24), nil)])
        // Splash radius 8: every point beyond the rim shows the rim on its ray; inside, the input.
        Self.check("CICircleSplashDistortion", [kCIInputRadiusKey: 8],
                   [((50, 22), (38, 22)), ((60, 22), (38, 22)), ((30, 2), (30, 14)), ((33, 24), (33, 24))])
    }

    @Test func extentsAndTypedFilters() throws {
        let image = TestImages.patternImage(width: 64, height: 48)
        let centre = CGPoint(x: 30.5, y: 22.5)
        let twirl = CIFilter.twirlDistortion()
        #expect(twirl.center == CGPoint(x: 150, y: 150) && twirl.radius == 300 && abs(twirl.angle - Float(Double.pi)) < 1e-6)
        twirl.inputImage = image; twirl.center = centre; twirl.radius = 40; twirl.angle = 1
        let twirled = try #require(twirl.outputImage)
        // The disc (−9.5…70.5, −17.5…62.5) joined with the image.
        #expect(twirled.extent == CGRect(x: -9.5, y: -17.5, width: 80, height: 80))
        let byName = image.applyingFilter("CITwirlDistortion", parameters: [kCIInputCenterKey: CIVector(cgPoint: centre), kCIInputRadiusKey: 40, kCIInputAngleKey: 1])
        #expect(Render.linearFloats(twirled, Self.region) == Render.linearFloats(byName, Self.region))

        let hole = CIFilter.holeDistortion()
        hole.inputImage = image; hole.center = centre; hole.radius = 5
        #expect(try #require(hole.outputImage).extent == image.extent.insetBy(dx: -5, dy: -5))
        let splash = CIFilter.circleSplashDistortion()
        splash.inputImage = image; splash.center = centre; splash.radius = 5
        #expect(try #require(splash.outputImage).extent.isInfinite)
        let pinch = CIFilter.pinchDistortion(); pinch.inputImage = image; pinch.scale = 0
        #expect(try #require(pinch.outputImage).extent == image.extent)
        let bump = CIFilter.bumpDistortion(); bump.inputImage = image; bump.scale = -0.5; bump.center = centre; bump.radius = 10
        let vortex = CIFilter.vortexDistortion(); vortex.inputImage = image; vortex.center = centre; vortex.radius = 10; vortex.angle = 3
        #expect(try #require(bump.outputImage).extent == image.extent)
        #expect(try #require(vortex.outputImage).extent == image.extent)
    }
}
