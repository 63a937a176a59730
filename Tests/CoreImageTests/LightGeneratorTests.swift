import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// The light generators of issue 19 beyond their numpy references (`FilterReferenceCases+Generators.swift`):
/// Apple's attributes, infinite extents cropped by the caller, and the shapes measured.
@Suite struct LightGeneratorTests {
    static let region = CGRect(x: 0, y: 0, width: 64, height: 64)

    static func red(_ values: [Float], _ x: Int, _ y: Int) -> Float { values[((63 - y) * 64 + x) * 4] }

    static func render(_ name: String, _ parameters: [String: Any]) throws -> [Float] {
        let output = try #require(CIFilter(name: name, parameters: parameters)?.outputImage, "\(name)")
        #expect(output.extent.isInfinite, "\(name) is infinite")
        return Render.linearFloats(output.cropped(to: region), region)
    }

    @Test func attributesMatchApple() throws {
        let names = ["CISunbeamsGenerator", "CIStarShineGenerator", "CILenticularHaloGenerator"]
        let displays = ["Sunbeams", "Star Shine", "Lenticular Halo"]
        let generators = Set(CIFilter.filterNames(inCategory: kCICategoryGenerator))
        for (name, display) in zip(names, displays) {
            let filter = try #require(CIFilter(name: name))
            #expect(filter.attributes[kCIAttributeFilterDisplayName] as? String == display)
            #expect(filter.attributes[kCIAttributeFilterCategories] as? [String] == [kCICategoryGenerator, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn])
            #expect(generators.contains(name) && !filter.inputKeys.contains(kCIInputImageKey))
        }
        let sun = try #require(CIFilter(name: "CISunbeamsGenerator")?.attributes["inputSunRadius"] as? [String: Any])
        #expect(FilterValuesProbe.number(sun[kCIAttributeDefault]) == 40 && FilterValuesProbe.number(sun[kCIAttributeSliderMax]) == 800)
        let colour = try #require(CIFilter(name: "CISunbeamsGenerator")?.attributes[kCIInputColorKey] as? [String: Any])
        #expect(colour[kCIAttributeDefault] as? CIColor == CIColor(red: 1, green: 0.5, blue: 0))
        let epsilon = try #require(CIFilter(name: "CIStarShineGenerator")?.attributes["inputEpsilon"] as? [String: Any])
        #expect(FilterValuesProbe.number(epsilon[kCIAttributeDefault]) == -2 && FilterValuesProbe.number(epsilon[kCIAttributeMin]) == -8)
        let width = try #require(CIFilter(name: "CILenticularHaloGenerator")?.attributes["inputHaloWidth"] as? [String: Any])
        #expect(FilterValuesProbe.number(width[kCIAttributeDefault]) == 87)
        let typed = CIFilter.sunbeamsGenerator()
        #expect(typed.sunRadius == 40 && abs(typed.maxStriationRadius - 2.58) < 1e-6 && typed.center == CGPoint(x: 150, y: 150))
        #expect(CIFilter.starShineGenerator().crossScale == 15 && CIFilter.lenticularHaloGenerator().haloRadius == 70)
    }

    @Test func sunbeamsAreBrightestInTheMiddleAndRadial() throws {
        let out = try Self.render("CISunbeamsGenerator", [kCIInputCenterKey: CIVector(x: 32.5, y: 32.5), "inputSunRadius": 6,
                                                          kCIInputColorKey: CIColor(red: 1, green: 1, blue: 1)])
        let peak = out.max() ?? 0
        #expect(Self.red(out, 32, 32) == peak && peak == 1)
        // Along a beam (θ = 0) the light falls off with the distance; between beams (θ = π/12) it is darker.
        var previous: Float = 2
        for x in stride(from: 39, through: 52, by: 1) {
            let v = Self.red(out, x, 32)
            #expect(v <= previous, "x = \(x)"); previous = v
        }
        let along = Self.red(out, 44, 32)
        let between = Self.red(out, 32 + Int((12 * cos(Double.pi / 12)).rounded()), 32 + Int((12 * sin(Double.pi / 12)).rounded()))
        #expect(along > between + 0.05)
        // Far beyond the beams nothing is lit.
        #expect(Self.red(out, 0, 0) == 0 && Self.red(out, 63, 63) == 0)
    }

    @Test func starShineCentreAndCross() throws {
        let out = try Self.render("CIStarShineGenerator", [kCIInputCenterKey: CIVector(x: 32.5, y: 32.5), kCIInputRadiusKey: 40, "inputCrossAngle": 0,
                                                           kCIInputColorKey: CIColor(red: 1, green: 1, blue: 1)])
        #expect(Self.red(out, 32, 32) == (out.max() ?? 0))
        // The cross runs along x and y: 20 px out along it is brighter than 20 px out along the diagonal.
        let cross = Self.red(out, 52, 32), diagonal = Self.red(out, 46, 46)
        #expect(cross > diagonal * 1.5, "cross \(cross), diagonal \(diagonal)")
        #expect(abs(Self.red(out, 52, 32) - Self.red(out, 32, 52)) < 1e-3 && abs(Self.red(out, 12, 32) - Self.red(out, 52, 32)) < 2e-2)
    }

    @Test func lenticularHaloIsARainbowRing() throws {
        let out = try Self.render("CILenticularHaloGenerator", [kCIInputCenterKey: CIVector(x: 32.5, y: 32.5), "inputHaloRadius": 20, "inputHaloWidth": 16,
                                                                "inputHaloOverlap": 0.5, "inputStriationStrength": 0,
                                                                kCIInputColorKey: CIColor(red: 1, green: 1, blue: 1)])
        // Along a ray red peaks at R + o = 24 and blue at R − o = 16 (o = ½·8); the centre and far away are clear.
        let row = 63 - 32
        var reds: [Float] = [], blues: [Float] = []
        for x in 32..<64 {
            reds.append(out[(row * 64 + x) * 4])
            blues.append(out[(row * 64 + x) * 4 + 2])
        }
        let redPeak: Int = reds.indices.max { reds[$0] < reds[$1] } ?? -1
        let bluePeak: Int = blues.indices.max { blues[$0] < blues[$1] } ?? -1
        #expect(redPeak - bluePeak == 8 || redPeak - bluePeak == 7 || redPeak - bluePeak == 9, "red at \(redPeak), blue at \(bluePeak)")
        #expect(Self.red(out, 32, 32) == 0 && out[((63 - 32) * 64 + 32) * 4 + 3] == 0 && Self.red(out, 63, 63) == 0)
    }
}
