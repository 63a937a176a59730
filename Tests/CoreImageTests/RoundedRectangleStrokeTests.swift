import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// `CIRoundedRectangleStrokeGenerator` beyond its numpy reference (`FilterReferenceCases+Stroke.swift`).
@Suite struct RoundedRectangleStrokeTests {
    @Test func theLineLiesInsideTheExtent() throws {
        let filter = try #require(CIFilter(name: "CIRoundedRectangleStrokeGenerator"))
        #expect(filter.inputKeys == [kCIInputExtentKey, kCIInputRadiusKey, kCIInputColorKey, kCIInputWidthKey])
        #expect(filter.attributes[kCIAttributeFilterCategories] as? [String] == [kCICategoryGenerator, kCICategoryStillImage, kCICategoryHighDynamicRange, kCICategoryBuiltIn])
        let typed = CIFilter.roundedRectangleStrokeGenerator()
        #expect(typed.width == 10 && typed.radius == 10 && typed.extent == CGRect(x: 0, y: 0, width: 100, height: 100))
        typed.extent = CGRect(x: 0, y: 0, width: 40, height: 30); typed.radius = 6; typed.width = 3; typed.color = CIColor(red: 1, green: 1, blue: 1)
        let output = try #require(typed.outputImage)
        #expect(output.extent == CGRect(x: 0, y: 0, width: 40, height: 30))
        let values = Render.linearFloats(output, output.extent)
        func alpha(_ x: Int, _ y: Int) -> Float { values[((29 - y) * 40 + x) * 4 + 3] }
        // The first three columns and rows are the line (its inner edge lies on the pixel boundary 3, so pixel 2 is
        // fully covered and pixel 3 not at all); the middle is clear.
        for y in [10, 15, 20] { #expect(alpha(0, y) == 1 && alpha(2, y) == 1 && alpha(39, y) == 1 && alpha(37, y) == 1 && alpha(3, y) == 0 && alpha(5, y) == 0) }
        for x in [12, 20, 28] { #expect(alpha(x, 0) == 1 && alpha(x, 29) == 1 && alpha(x, 15) == 0) }
        // The corners are rounded: the extent's corner pixel lies outside the radius.
        #expect(alpha(0, 0) == 0 && alpha(39, 29) == 0)
    }
}
