import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// `CISwipeTransition` and `CIBarsSwipeTransition` beyond their numpy references: Apple's attributes, time 0
/// and 1 equal to the source and target, and the edge, band and bars where the stated rule puts them.
@Suite struct SwipeTransitionTests {
    static let rect = CGRect(x: 0, y: 0, width: 40, height: 30)

    static func pixel(_ values: [Float], _ x: Int, _ y: Int) -> [Float] {
        let start = ((29 - y) * 40 + x) * 4
        return Array(values[start..<(start + 4)])
    }

    @Test func attributesMatchApple() throws {
        let swipe = try #require(CIFilter(name: "CISwipeTransition"))
        #expect(swipe.attributes[kCIAttributeFilterDisplayName] as? String == "Swipe")
        let width = try #require(swipe.attributes[kCIInputWidthKey] as? [String: Any])
        #expect(FilterValuesProbe.number(width[kCIAttributeDefault]) == 300 && FilterValuesProbe.number(width[kCIAttributeMin]) == 0.1)
        #expect((swipe.attributes[kCIInputExtentKey] as? [String: Any])?[kCIAttributeDefault] as? CIVector == CIVector(x: 0, y: 0, z: 300, w: 300))
        let bars = try #require(CIFilter(name: "CIBarsSwipeTransition"))
        #expect(bars.attributes[kCIAttributeFilterDisplayName] as? String == "Bars Swipe Transition")
        let offset = try #require(bars.attributes["inputBarOffset"] as? [String: Any])
        #expect(FilterValuesProbe.number(offset[kCIAttributeDefault]) == 10 && FilterValuesProbe.number(offset[kCIAttributeMin]) == 1)
        let angle = try #require(bars.attributes[kCIInputAngleKey] as? [String: Any])
        #expect(FilterValuesProbe.number(angle[kCIAttributeDefault]) == Double.pi)
        #expect(Set(CIFilter.filterNames(inCategory: kCICategoryTransition)).isSuperset(of: ["CISwipeTransition", "CIBarsSwipeTransition", "CIDissolveTransition"]))
    }

    @Test func endsAreTheSourceAndTheTarget() {
        let image = TestImages.patternImage(width: 40, height: 30)
        let target = TestImages.alphaPattern(width: 40, height: 30, seed: 1)
        let source = Render.linearFloats(image, Self.rect), goal = Render.linearFloats(target, Self.rect)
        for name in ["CISwipeTransition", "CIBarsSwipeTransition", "CIDissolveTransition"] {
            var parameters: [String: Any] = ["inputTargetImage": target]
            if name == "CISwipeTransition" { parameters[kCIInputExtentKey] = CIVector(cgRect: Self.rect) }
            parameters[kCIInputTimeKey] = 0
            let start = image.applyingFilter(name, parameters: parameters)
            parameters[kCIInputTimeKey] = 1
            let end = image.applyingFilter(name, parameters: parameters)
            #expect(Render.linearFloats(start, Self.rect) == source, "\(name) at 0")
            #expect(Render.linearFloats(end, Self.rect) == goal, "\(name) at 1")
        }
    }

    @Test func swipeEdgeAndBand() throws {
        let image = TestImages.patternImage(width: 40, height: 30)
        let target = TestImages.alphaPattern(width: 40, height: 30, seed: 1)
        let source = Render.linearFloats(image, Self.rect), goal = Render.linearFloats(target, Self.rect)
        func swipe(opacity: Double) -> [Float] {
            Render.linearFloats(image.applyingFilter("CISwipeTransition", parameters: [
                "inputTargetImage": target, kCIInputExtentKey: CIVector(cgRect: Self.rect), kCIInputAngleKey: 0, kCIInputWidthKey: 10,
                kCIInputTimeKey: 0.5, "inputOpacity": opacity, kCIInputColorKey: CIColor(red: 1, green: 0, blue: 0)]), Self.rect)
        }
        // Edge at 0 + 0.5·(40 + 10) = 25, band from 15 to 25.
        let plain = swipe(opacity: 0), covered = swipe(opacity: 1)
        for y in [0, 13, 29] {
            for x in [25, 30, 39] { #expect(Self.pixel(plain, x, y) == Self.pixel(source, x, y), "(\(x), \(y)) image") }
            for x in [0, 7, 14] { #expect(Self.pixel(plain, x, y) == Self.pixel(goal, x, y), "(\(x), \(y)) target") }
            // Pixel 19 (centre 19.5) is 0.55 of the way from the image to the target.
            let mixed = zip(Self.pixel(source, 19, y), Self.pixel(goal, 19, y)).map { $0 + ($1 - $0) * 0.55 }
            #expect(Render.maxDifference(Self.pixel(plain, 19, y), mixed) <= 1e-6)
            #expect(Render.maxDifference(Self.pixel(covered, 19, y), [1, 0, 0, 1]) <= 1e-6 && Self.pixel(covered, 30, y) == Self.pixel(source, 30, y))
        }
        let typed = CIFilter.swipeTransition()
        typed.inputImage = image; typed.targetImage = target; typed.extent = Self.rect; typed.angle = 0; typed.width = 10; typed.time = 0.5
        typed.opacity = 1; typed.color = CIColor(red: 1, green: 0, blue: 0)
        #expect(Render.linearFloats(try #require(typed.outputImage), Self.rect) == covered)
    }

    @Test func barsAlternate() throws {
        let image = TestImages.patternImage(width: 40, height: 30)
        let target = TestImages.alphaPattern(width: 40, height: 30, seed: 1)
        let source = Render.linearFloats(image, Self.rect), goal = Render.linearFloats(target, Self.rect)
        // Horizontal bars 5 high; even bars' edge at 0.5·(40 + 6) = 23, odd bars' 6 behind at 17.
        let bars = Render.linearFloats(image.applyingFilter("CIBarsSwipeTransition", parameters: [
            "inputTargetImage": target, kCIInputAngleKey: 0, kCIInputWidthKey: 5, "inputBarOffset": 6, kCIInputTimeKey: 0.5]), Self.rect)
        for y in 0..<30 {
            let edge = (y / 5) % 2 == 0 ? 23 : 17
            for x in [0, edge - 1, edge, 39] {
                let expected = Double(x) + 0.5 < Double(edge) ? Self.pixel(goal, x, y) : Self.pixel(source, x, y)
                #expect(Self.pixel(bars, x, y) == expected, "(\(x), \(y))")
            }
        }
        let typed = CIFilter.barsSwipeTransition()
        #expect(typed.width == 30 && typed.barOffset == 10)
    }
}
