import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// `CIPerspectiveTransform` and `CIPerspectiveTransformWithExtent` beyond their numpy references: Apple's
/// attributes, the identity and a translation (exact pixels), extents and the typed API.
@Suite struct PerspectiveTransformTests {
    static let region = CGRect(x: 0, y: 0, width: 40, height: 30)

    static func corners(_ rect: CGRect, dx: CGFloat = 0, dy: CGFloat = 0) -> [String: Any] {
        ["inputBottomLeft": CIVector(x: rect.minX + dx, y: rect.minY + dy), "inputBottomRight": CIVector(x: rect.maxX + dx, y: rect.minY + dy),
         "inputTopRight": CIVector(x: rect.maxX + dx, y: rect.maxY + dy), "inputTopLeft": CIVector(x: rect.minX + dx, y: rect.maxY + dy)]
    }

    @Test func attributesMatchApple() throws {
        for (name, display) in [("CIPerspectiveTransform", "Perspective Transform"), ("CIPerspectiveTransformWithExtent", "Perspective Transform with Extent")] {
            let filter = try #require(CIFilter(name: name))
            #expect(filter.attributes[kCIAttributeFilterDisplayName] as? String == display)
            #expect(CIFilter.filterNames(inCategory: kCICategoryGeometryAdjustment).contains(name))
            let topLeft = try #require(filter.attributes["inputTopLeft"] as? [String: Any])
            #expect(topLeft[kCIAttributeDefault] as? CIVector == CIVector(x: 118, y: 484))
            #expect(topLeft[kCIAttributeType] as? String == kCIAttributeTypePosition)
            let bottomRight = try #require(filter.attributes["inputBottomRight"] as? [String: Any])
            #expect(bottomRight[kCIAttributeDefault] as? CIVector == CIVector(x: 548, y: 140))
        }
        #expect(CIFilter(name: "CIPerspectiveTransform")!.inputKeys == [kCIInputImageKey, "inputTopLeft", "inputTopRight", "inputBottomRight", "inputBottomLeft"])
        let extent = try #require(CIFilter(name: "CIPerspectiveTransformWithExtent")?.attributes[kCIInputExtentKey] as? [String: Any])
        #expect(extent[kCIAttributeDefault] as? CIVector == CIVector(x: 0, y: 0, z: 300, w: 300))
        let typed = CIFilter.perspectiveTransform()
        #expect(typed.topRight == CGPoint(x: 646, y: 507) && typed.bottomLeft == CGPoint(x: 155, y: 153))
    }

    @Test func identityAndTranslationAreExact() throws {
        let image = TestImages.patternImage(width: 40, height: 30)
        let input = Render.linearFloats(image, Self.region)
        let identity = image.applyingFilter("CIPerspectiveTransform", parameters: Self.corners(image.extent))
        #expect(identity.extent == image.extent)
        #expect(Render.maxDifference(Render.linearFloats(identity, Self.region), input) <= 1e-5)
        // Every corner moved by (5, 3): a pure translation, so pixel (x + 5, y + 3) is input pixel (x, y).
        let moved = image.applyingFilter("CIPerspectiveTransform", parameters: Self.corners(image.extent, dx: 5, dy: 3))
        #expect(moved.extent == CGRect(x: 5, y: 3, width: 40, height: 30))
        let shifted = Render.linearFloats(moved, CGRect(x: 5, y: 3, width: 40, height: 30))
        #expect(Render.maxDifference(shifted, input) <= 1e-5)
        // With the image's own extent as `inputExtent`, the two filters agree.
        let quad: [String: Any] = ["inputBottomLeft": CIVector(x: 2, y: 1), "inputBottomRight": CIVector(x: 41, y: 4),
                                   "inputTopRight": CIVector(x: 35, y: 33), "inputTopLeft": CIVector(x: -3, y: 28)]
        let plain = image.applyingFilter("CIPerspectiveTransform", parameters: quad)
        var withExtent = quad
        withExtent[kCIInputExtentKey] = CIVector(cgRect: image.extent)
        let extended = image.applyingFilter("CIPerspectiveTransformWithExtent", parameters: withExtent)
        #expect(plain.extent == CGRect(x: -3, y: 1, width: 44, height: 32) && extended.extent == plain.extent)
        let box = CGRect(x: -3, y: 1, width: 44, height: 32)
        #expect(Render.linearFloats(plain, box) == Render.linearFloats(extended, box))
        // Inside the quadrilateral the image is opaque; outside it (a bounding-box corner) clear.
        let values = Render.linearFloats(plain, box)
        func alpha(_ x: Int, _ y: Int) -> Float { values[((Int(box.maxY) - 1 - y) * 44 + (x + 3)) * 4 + 3] }
        #expect(alpha(20, 15) == 1 && alpha(-3, 1) == 0 && alpha(40, 32) == 0)
    }

    @Test func typedFiltersMatchTheStringKeyedOnes() throws {
        let image = TestImages.patternImage(width: 40, height: 30)
        let typed = CIFilter.perspectiveTransformWithExtent()
        typed.inputImage = image; typed.extent = CGRect(x: 4, y: 2, width: 20, height: 18)
        typed.bottomLeft = CGPoint(x: 0, y: 0); typed.bottomRight = CGPoint(x: 30, y: 5)
        typed.topRight = CGPoint(x: 28, y: 26); typed.topLeft = CGPoint(x: 3, y: 22)
        let byName = image.applyingFilter("CIPerspectiveTransformWithExtent", parameters: [
            kCIInputExtentKey: CIVector(cgRect: CGRect(x: 4, y: 2, width: 20, height: 18)),
            "inputBottomLeft": CIVector(x: 0, y: 0), "inputBottomRight": CIVector(x: 30, y: 5),
            "inputTopRight": CIVector(x: 28, y: 26), "inputTopLeft": CIVector(x: 3, y: 22)])
        let output = try #require(typed.outputImage)
        #expect(output.extent == CGRect(x: 0, y: 0, width: 30, height: 26))
        #expect(Render.linearFloats(output, Self.region) == Render.linearFloats(byName, Self.region))
        // The extent's bottom-left corner lands on (0, 0): pixel (0, 0) shows the input near (4, 2).
        #expect(Render.linearFloats(output, CGRect(x: 0, y: 0, width: 1, height: 1))[3] == 1)
    }
}
