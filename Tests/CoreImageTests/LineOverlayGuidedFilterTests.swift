import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// `CILineOverlay` and `CIGuidedFilter` beyond their numpy references (`FilterReferenceCases+LinesGuides.swift`).
@Suite struct LineOverlayGuidedFilterTests {
    static let region = CGRect(x: 0, y: 0, width: 40, height: 30)

    static func pixel(_ values: [Float], _ x: Int, _ y: Int) -> [Float] {
        let start = ((29 - y) * 40 + x) * 4
        return Array(values[start..<(start + 4)])
    }

    @Test func attributesMatchApple() throws {
        let line = try #require(CIFilter(name: "CILineOverlay"))
        #expect(line.attributes[kCIAttributeFilterDisplayName] as? String == "Line Overlay")
        let contrast = try #require(line.attributes[kCIInputContrastKey] as? [String: Any])
        #expect(FilterValuesProbe.number(contrast[kCIAttributeDefault]) == 50 && FilterValuesProbe.number(contrast[kCIAttributeMin]) == 0.25)
        let guided = try #require(CIFilter(name: "CIGuidedFilter"))
        #expect(guided.attributes[kCIAttributeFilterCategories] as? [String] == [kCICategoryGeometryAdjustment, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn])
        let epsilon = try #require(guided.attributes["inputEpsilon"] as? [String: Any])
        #expect(FilterValuesProbe.number(epsilon[kCIAttributeDefault]) == 0.0001)
        let typed = CIFilter.lineOverlay()
        #expect(abs(typed.nrNoiseLevel - 0.07) < 1e-6 && abs(typed.nrSharpness - 0.71) < 1e-6 && typed.contrast == 50)
        #expect(CIFilter.guidedFilter().radius == 1)
    }

    @Test func lineOverlayDrawsBlackLinesOnEdgesOnly() throws {
        // A white square on grey: lines along its border, clear inside and outside.
        let square = CIImage(color: CIColor(red: 1, green: 1, blue: 1)).cropped(to: CGRect(x: 10, y: 8, width: 20, height: 14))
            .composited(over: CIImage(color: CIColor(red: 0.2, green: 0.2, blue: 0.2)).cropped(to: Self.region))
        let overlay = CIFilter.lineOverlay(); overlay.inputImage = square
        let out = Render.linearFloats(try #require(overlay.outputImage), Self.region)
        for (x, y) in [(3, 3), (20, 15), (36, 26)] { #expect(Self.pixel(out, x, y) == [0, 0, 0, 0], "(\(x), \(y))") }
        for (x, y) in [(10, 15), (29, 15), (20, 8), (20, 21)] {
            let p = Self.pixel(out, x, y)
            #expect(p[3] == 1 && p[0] == 0 && p[1] == 0 && p[2] == 0, "(\(x), \(y)) \(p)")
        }
    }

    @Test func guidedFilterKeepsTheGuidesEdgesAndFlattensTheRest() throws {
        // Guided by itself, a flat image stays flat, and a step (the guide's own edge) stays a step where ε is small.
        let step = CIImage(color: CIColor(red: 0.9, green: 0.9, blue: 0.9)).cropped(to: CGRect(x: 20, y: 0, width: 20, height: 30))
            .composited(over: CIImage(color: CIColor(red: 0.1, green: 0.1, blue: 0.1)).cropped(to: Self.region))
        let filter = CIFilter.guidedFilter()
        filter.inputImage = step; filter.guideImage = step; filter.radius = 3; filter.epsilon = 1e-6
        let out = Render.linearFloats(try #require(filter.outputImage), Self.region)
        let input = Render.linearFloats(step, Self.region)
        for (x, y) in [(5, 5), (18, 12), (19, 20), (20, 3), (21, 29), (35, 15)] {
            #expect(Render.maxDifference(Self.pixel(out, x, y), Self.pixel(input, x, y)) <= 1e-3, "(\(x), \(y))")
        }
        // With a huge ε the filter is a box mean of a box mean: the step is smeared across 2·3 pixels each side.
        filter.epsilon = 1e6
        let smooth = Render.linearFloats(try #require(filter.outputImage), Self.region)
        #expect(Self.pixel(smooth, 19, 10)[0] > Self.pixel(input, 19, 10)[0] + 0.05 && Self.pixel(smooth, 20, 10)[0] < Self.pixel(input, 20, 10)[0] - 0.05)
        // A small image is stretched over the guide's extent.
        let small = CIImage(color: CIColor(red: 0.5, green: 0.5, blue: 0.5)).cropped(to: CGRect(x: 0, y: 0, width: 4, height: 3))
        filter.inputImage = small; filter.epsilon = 0.01
        #expect(try #require(filter.outputImage).extent == Self.region)
    }
}
