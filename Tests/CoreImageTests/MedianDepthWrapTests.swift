import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// `CIMedianFilter`, `CIDepthToDisparity` / `CIDisparityToDepth` and `CICircularWrap` beyond their numpy
/// references: Apple's attributes, specks and steps through the median, reciprocals, and wrap pixels that must
/// equal particular input pixels.
@Suite struct MedianDepthWrapTests {
    static func flat(_ grey: Double, _ rect: CGRect) -> CIImage {
        CIImage(color: CIColor(red: grey, green: grey, blue: grey)).cropped(to: rect)
    }

    @Test func attributesMatchApple() throws {
        let expected: [(String, String, String, [String])] = [
            ("CIMedianFilter", "Median", kCICategoryBlur, [kCIInputImageKey]),
            ("CIDepthToDisparity", "Depth To Disparity", kCICategoryColorAdjustment, [kCIInputImageKey]),
            ("CIDisparityToDepth", "Disparity To Depth", kCICategoryColorAdjustment, [kCIInputImageKey]),
            ("CICircularWrap", "Circular Wrap Distortion", kCICategoryDistortionEffect, [kCIInputImageKey, kCIInputCenterKey, kCIInputRadiusKey, kCIInputAngleKey]),
        ]
        for (name, display, category, keys) in expected {
            let filter = try #require(CIFilter(name: name), "\(name) missing")
            #expect(filter.attributes[kCIAttributeFilterDisplayName] as? String == display)
            #expect(filter.inputKeys == keys, "\(name)")
            #expect(CIFilter.filterNames(inCategory: category).contains(name), "\(name)")
        }
        let radius = try #require(CIFilter(name: "CICircularWrap")?.attributes[kCIInputRadiusKey] as? [String: Any])
        #expect(FilterValuesProbe.number(radius[kCIAttributeDefault]) == 150 && FilterValuesProbe.number(radius[kCIAttributeSliderMax]) == 600)
        #expect(CIFilter(name: "CIDepthToDisparity")?.attributes[kCIAttributeFilterAvailable_iOS] as? String == "11")
    }

    @Test func medianRemovesSpecksAndKeepsSteps() throws {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 6)
        // One white pixel on black disappears.
        let speck = Self.flat(1, CGRect(x: 4, y: 3, width: 1, height: 1)).composited(over: Self.flat(0, rect))
        let cleaned = Render.linearFloats(speck.applyingFilter("CIMedianFilter"), rect)
        #expect(stride(from: 0, to: cleaned.count, by: 4).allSatisfy { cleaned[$0] == 0 && cleaned[$0 + 3] == 1 })
        // A straight step (and the image's borders, whose neighbours repeat the edge) come through unchanged.
        let step = Self.flat(0.8, CGRect(x: 6, y: 0, width: 4, height: 6)).composited(over: Self.flat(0.1, rect))
        #expect(Render.linearFloats(step.applyingFilter("CIMedianFilter"), rect) == Render.linearFloats(step, rect))
        let typed = CIFilter.median(); typed.inputImage = speck
        #expect(Render.linearFloats(try #require(typed.outputImage), rect) == cleaned)
    }

    @Test func depthAndDisparityAreReciprocals() throws {
        let rect = CGRect(x: 0, y: 0, width: 2, height: 2)
        let grey = Self.flat(0.7, rect)
        let g = Render.linearFloats(grey, rect)[0]
        let disparity = Render.linearFloats(grey.applyingFilter("CIDepthToDisparity"), rect)
        #expect(abs(disparity[0] - 1 / g) <= 1e-6 && disparity[3] == 1)
        let back = Render.linearFloats(grey.applyingFilter("CIDepthToDisparity").applyingFilter("CIDisparityToDepth"), rect)
        #expect(abs(back[0] - g) <= 1e-6)
        // No measurement (0) stays 0 instead of becoming infinite.
        #expect(Render.linearFloats(Self.flat(0, rect).applyingFilter("CIDepthToDisparity"), rect)[0] == 0)
        let typed = CIFilter.disparityToDepth(); typed.inputImage = grey
        #expect(Render.linearFloats(try #require(typed.outputImage), rect) == disparity)
    }

    @Test func circularWrapKeepsTheTopLineAndTurnsArcsIntoRows() throws {
        let image = TestImages.patternImage(width: 64, height: 48)
        let region = CGRect(x: 0, y: 0, width: 64, height: 48)
        let input = Render.linearFloats(image, region)
        // Radius 20/π, so a quarter turn is 10 pixels of arc.
        let wrapped = image.applyingFilter("CICircularWrap", parameters: [kCIInputCenterKey: CIVector(x: 30.5, y: 10.5),
                                                                          kCIInputRadiusKey: 20 / Double.pi, kCIInputAngleKey: 0])
        // The square around the centre up to the input's top (48 − 10.5 = 37.5).
        #expect(wrapped.extent == CGRect(x: -7, y: -27, width: 75, height: 75))
        let output = Render.linearFloats(wrapped, region)
        func pixel(_ values: [Float], _ x: Int, _ y: Int) -> [Float] { Array(values[((47 - y) * 64 + x) * 4..<((47 - y) * 64 + x) * 4 + 4]) }
        // Straight above the centre nothing moves.
        for y in [18, 25, 40, 47] { #expect(Render.maxDifference(pixel(output, 30, y), pixel(input, 30, y)) <= 1e-6, "above, y \(y)") }
        // 12 pixels to the right: a quarter turn clockwise, so x + 10 and height 12 above the centre.
        #expect(Render.maxDifference(pixel(output, 42, 10), pixel(input, 40, 22)) <= 1e-6)
        // 12 pixels to the left: x − 10.
        #expect(Render.maxDifference(pixel(output, 18, 10), pixel(input, 20, 22)) <= 1e-6)
        // Inside the disc: clear.
        #expect(pixel(output, 31, 12) == [0, 0, 0, 0])
    }
}
