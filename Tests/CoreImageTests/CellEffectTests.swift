import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// `CICrystallize` and `CIPointillize` beyond their numpy references (which repeat the seed hash): Apple's
/// attributes, and properties that hold whatever the seeds: every pixel shows an input pixel's colour, crystals
/// are few and flat, dots cover about π/4 of the plane, and a crop equals the same part of a larger render.
@Suite struct CellEffectTests {
    static let region = CGRect(x: 0, y: 0, width: 64, height: 48)

    static func pixels(_ values: [Float]) -> [[Float]] { stride(from: 0, to: values.count, by: 4).map { Array(values[$0..<($0 + 4)]) } }

    @Test func attributesMatchApple() throws {
        for (name, display) in [("CICrystallize", "Crystallize"), ("CIPointillize", "Pointillize")] {
            let filter = try #require(CIFilter(name: name))
            #expect(filter.attributes[kCIAttributeFilterDisplayName] as? String == display)
            #expect(filter.inputKeys == [kCIInputImageKey, kCIInputRadiusKey, kCIInputCenterKey])
            let radius = try #require(filter.attributes[kCIInputRadiusKey] as? [String: Any])
            #expect(FilterValuesProbe.number(radius[kCIAttributeDefault]) == 20 && FilterValuesProbe.number(radius[kCIAttributeMin]) == 1)
            #expect(FilterValuesProbe.number(radius[kCIAttributeSliderMax]) == 100)
            #expect(CIFilter.filterNames(inCategory: kCICategoryStylize).contains(name))
        }
        #expect(CIFilter.crystallize().radius == 20 && CIFilter.pointillize().center == CGPoint(x: 150, y: 150))
    }

    @Test func crystalsAreFlatInputColours() throws {
        let image = TestImages.patternImage(width: 64, height: 48)
        let input = Set(Self.pixels(Render.linearFloats(image, Self.region)))
        let crystals = image.applyingFilter("CICrystallize", parameters: [kCIInputRadiusKey: 8, kCIInputCenterKey: CIVector(x: 3, y: 5)])
        #expect(crystals.extent == image.extent)
        let output = Self.pixels(Render.linearFloats(crystals, Self.region))
        #expect(output.allSatisfy { input.contains($0) })
        // One seed per 8 × 8 cell: at most the 9 × 7 cells touching the image (plus a ring) give colours.
        let colours = Set(output)
        #expect(colours.count > 20 && colours.count <= 11 * 9, "\(colours.count) crystals")
        // A crop is the same part of the larger render.
        let crop = CGRect(x: 21, y: 13, width: 17, height: 11)
        let part = Render.linearFloats(crystals.cropped(to: crop), crop)
        let whole = Render.linearFloats(crystals, Self.region)
        var expected: [Float] = []
        for row in 0..<11 { let start = ((48 - 24 + row) * 64 + 21) * 4; expected += whole[start..<(start + 17 * 4)] }
        #expect(part == expected)
    }

    @Test func dotsCoverAboutAQuarterPiOfThePlane() throws {
        let image = TestImages.patternImage(width: 64, height: 48)
        let input = Set(Self.pixels(Render.linearFloats(image, Self.region)))
        let typed = CIFilter.pointillize(); typed.inputImage = image; typed.radius = 4; typed.center = CGPoint(x: 1, y: 2)
        let output = Self.pixels(Render.linearFloats(try #require(typed.outputImage), Self.region))
        let covered = output.filter { $0[3] != 0 }
        #expect(output.allSatisfy { $0[3] == 0 ? $0 == [0, 0, 0, 0] : input.contains($0) })
        // Dots of radius 4 in 8 × 8 cells cover π/4 ≈ 0.785 of the plane, less where neighbours overlap.
        let share = Double(covered.count) / Double(output.count)
        #expect(share > 0.55 && share < 0.8, "dots cover \(share)")
    }
}
