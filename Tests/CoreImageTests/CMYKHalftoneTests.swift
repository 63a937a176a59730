import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// `CICMYKHalftone` beyond its numpy reference (`FilterReferenceCases+CMYKHalftone.swift`): Apple's
/// attributes, the typed API, and pages of one colour printed with the right inks.
@Suite struct CMYKHalftoneTests {
    static let region = CGRect(x: 0, y: 0, width: 32, height: 32)

    @Test func attributesAndInks() throws {
        let filter = try #require(CIFilter(name: "CICMYKHalftone"))
        #expect(filter.attributes[kCIAttributeFilterDisplayName] as? String == "CMYK Halftone")
        #expect(filter.attributes[kCIAttributeFilterCategories] as? [String] == [kCICategoryHalftoneEffect, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn])
        #expect(filter.inputKeys == [kCIInputImageKey, kCIInputCenterKey, kCIInputWidthKey, kCIInputAngleKey, kCIInputSharpnessKey, "inputGCR", "inputUCR"])
        let typed = CIFilter.cmykHalftone()
        #expect(typed.width == 6 && abs(typed.sharpness - 0.7) < 1e-6 && typed.grayComponentReplacement == 1 && abs(typed.underColorRemoval - 0.5) < 1e-6)
        // White stays white, black black; a pure red page is solid magenta and yellow (no cyan, no black): red.
        func render(_ color: CIColor) -> [Float] {
            Render.linearFloats(CIImage(color: color).cropped(to: Self.region).applyingFilter("CICMYKHalftone", parameters: [kCIInputWidthKey: 8]), Self.region)
        }
        #expect(render(CIColor(red: 1, green: 1, blue: 1)).allSatisfy { $0 == 1 })
        let black = render(CIColor(red: 0, green: 0, blue: 0))
        #expect(stride(from: 0, to: black.count, by: 4).allSatisfy { black[$0] == 0 && black[$0 + 1] == 0 && black[$0 + 2] == 0 && black[$0 + 3] == 1 })
        let red = render(CIColor(red: 1, green: 0, blue: 0))
        #expect(stride(from: 0, to: red.count, by: 4).allSatisfy { red[$0] == 1 && red[$0 + 1] == 0 && red[$0 + 2] == 0 && red[$0 + 3] == 1 })
        // Light grey (linear 0.79: black dots √(0.21/2) = 0.33 cells across, colour dots smaller): the page shows
        // solid black dot centres and untouched white between the dots.
        let grey = render(CIColor(red: 0.9, green: 0.9, blue: 0.9))
        let reds = stride(from: 0, to: grey.count, by: 4).map { grey[$0] }
        #expect(reds.contains { $0 > 0.95 } && reds.contains { $0 < 0.05 })
    }
}
