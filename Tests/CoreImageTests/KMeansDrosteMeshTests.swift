import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// `CIKMeans`, `CIDroste`, `CIMeshGenerator` and `CIBlurredRoundedRectangleGenerator` beyond their numpy
/// references (`FilterReferenceCases+KMeansDroste.swift`): attributes, the typed API, clamping and bad input.
@Suite struct KMeansDrosteMeshTests {
    static func attribute(_ filter: CIFilter, _ key: String) -> [String: Any] { filter.attributes[key] as? [String: Any] ?? [:] }
    static func number(_ filter: CIFilter, _ key: String, _ attribute: String) -> Double? { (Self.attribute(filter, key)[attribute] as? NSNumber)?.doubleValue }

    @Test func attributesFollowApple() throws {
        let kMeans = try #require(CIFilter(name: "CIKMeans"))
        #expect(kMeans.inputKeys == [kCIInputImageKey, kCIInputExtentKey, "inputMeans", "inputCount", "inputPasses", "inputPerceptual"])
        #expect(kMeans.attributes[kCIAttributeFilterDisplayName] as? String == "KMeans")
        #expect(kMeans.attributes[kCIAttributeFilterCategories] as? [String] == [kCICategoryReduction, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn])
        #expect(Self.number(kMeans, "inputCount", kCIAttributeDefault) == 8 && Self.number(kMeans, "inputCount", kCIAttributeMax) == 128)
        #expect(Self.number(kMeans, "inputPasses", kCIAttributeDefault) == 5 && Self.number(kMeans, "inputPasses", kCIAttributeMax) == 20)
        #expect(Self.attribute(kMeans, "inputMeans")[kCIAttributeClass] as? String == "CIImage")

        let droste = try #require(CIFilter(name: "CIDroste"))
        #expect(droste.inputKeys == [kCIInputImageKey, "inputInsetPoint0", "inputInsetPoint1", "inputStrands", "inputPeriodicity", "inputRotation", "inputZoom"])
        #expect(droste.attributes[kCIAttributeFilterCategories] as? [String] == [kCICategoryDistortionEffect, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn])
        #expect(Self.attribute(droste, "inputRotation")[kCIAttributeType] as? String == kCIAttributeTypeAngle)
        #expect(Self.number(droste, "inputPeriodicity", kCIAttributeMin) == 1 && Self.number(droste, "inputZoom", kCIAttributeMin) == 0.01)

        let mesh = try #require(CIFilter(name: "CIMeshGenerator"))
        #expect(mesh.inputKeys == [kCIInputWidthKey, kCIInputColorKey, "inputMesh"])
        #expect(Self.attribute(mesh, "inputMesh")[kCIAttributeClass] as? String == "NSArray")
        #expect(Self.number(mesh, kCIInputWidthKey, kCIAttributeDefault) == 1.5)
        #expect(mesh.attributes[kCIAttributeFilterCategories] as? [String] == [kCICategoryGenerator, kCICategoryVideo, kCICategoryStillImage, kCICategoryBuiltIn])

        let rounded = try #require(CIFilter(name: "CIBlurredRoundedRectangleGenerator"))
        #expect(rounded.inputKeys == [kCIInputExtentKey, kCIInputRadiusKey, "inputSigma", kCIInputColorKey])
        #expect(rounded.attributes[kCIAttributeFilterAvailable_iOS] as? String == "17")
        #expect(rounded.attributes[kCIAttributeFilterDisplayName] as? String == "Blurred Rounded Rectangle Generator")
    }

    @Test func typedFiltersReadAndWriteTheInputs() throws {
        let kMeans = CIFilter.kMeans()
        #expect(kMeans.count == 8 && kMeans.passes == 5 && !kMeans.perceptual && kMeans.inputMeans == nil)
        kMeans.count = 3; kMeans.passes = 2; kMeans.perceptual = true; kMeans.extent = CGRect(x: 0, y: 0, width: 12, height: 10)
        kMeans.inputImage = TestImages.patternImage(width: 12, height: 10)
        #expect(kMeans.value(forKey: "inputCount") as? NSNumber == 3 && kMeans.perceptual)
        #expect(try #require(kMeans.outputImage).extent == CGRect(x: 0, y: 0, width: 3, height: 1))

        let droste = CIFilter.droste()
        #expect(droste.insetPoint0 == CGPoint(x: 200, y: 200) && droste.insetPoint1 == CGPoint(x: 400, y: 400))
        #expect(droste.strands == 1 && droste.periodicity == 1 && droste.rotation == 0 && droste.zoom == 1)
        droste.insetPoint0 = CGPoint(x: 5, y: 4); droste.insetPoint1 = CGPoint(x: 9.8, y: 8); droste.zoom = 2
        #expect(droste.insetPoint1 == CGPoint(x: 9.8, y: 8) && droste.zoom == 2)

        let mesh = CIFilter.meshGenerator()
        #expect(mesh.mesh.isEmpty && mesh.width == 1.5 && mesh.outputImage == nil)
        mesh.mesh = [CIVector(x: 1, y: 1, z: 9, w: 5)]
        #expect((mesh.mesh.first as? CIVector)?.count == 4)
        #expect(try #require(mesh.outputImage).extent == CGRect(x: -1, y: -1, width: 12, height: 8))

        let rounded = CIFilter.blurredRoundedRectangleGenerator()
        #expect(rounded.radius == 10 && rounded.sigma == 10 && rounded.extent == CGRect(x: 0, y: 0, width: 100, height: 100))
        rounded.sigma = 2
        #expect(try #require(rounded.outputImage).extent == CGRect(x: -6, y: -6, width: 112, height: 112))
    }

    @Test func kMeansClampsItsCountAndNeverAllocatesForAnInfiniteArea() throws {
        let pattern = TestImages.patternImage(width: 12, height: 10)
        let many = pattern.applyingFilter("CIKMeans", parameters: [kCIInputExtentKey: CIVector(cgRect: pattern.extent), "inputCount": 500])
        #expect(many.extent.width == 128)
        let none = pattern.applyingFilter("CIKMeans", parameters: [kCIInputExtentKey: CIVector(cgRect: pattern.extent), "inputCount": -3])
        #expect(none.extent.isEmpty)
        // An infinite image over an infinite extent: no output; over the default extent, one cluster holds every pixel.
        let flat = CIImage(color: CIColor(red: 0.5, green: 0.25, blue: 1))
        let filter = try #require(CIFilter(name: "CIKMeans", parameters: [kCIInputImageKey: flat, kCIInputExtentKey: CIVector(cgRect: .infinite)]))
        #expect(filter.outputImage == nil)
        let palette = flat.applyingFilter("CIKMeans", parameters: ["inputCount": 2])
        #expect(palette.extent == CGRect(x: 0, y: 0, width: 2, height: 1))
        let values = Render.linearFloats(palette, palette.extent)
        #expect(abs(values[0] - 0.2140411) < 1e-4 && abs(values[1] - 0.0508761) < 1e-4 && values[3] == 1 && values[7] == 0)
    }

    @Test func drosteReturnsTheInputWhenThereIsNoSpiral() throws {
        let pattern = TestImages.patternImage(width: 12, height: 10)
        // The defaults' inner frame (200, 200)–(400, 400) is larger than the 12 × 10 image: unchanged.
        #expect(pattern.applyingFilter("CIDroste").extent == pattern.extent)
        let infinite = CIImage(color: CIColor(red: 1, green: 0, blue: 0))
        #expect(infinite.applyingFilter("CIDroste", parameters: ["inputInsetPoint0": CIVector(x: 1, y: 1), "inputInsetPoint1": CIVector(x: 2, y: 2)])
            .extent.isInfinite)
        // A spiral has an infinite extent; a zoom of 0 is clamped to 0.01 and renders finite values.
        let spiral = pattern.applyingFilter("CIDroste", parameters: [
            "inputInsetPoint0": CIVector(x: 5, y: 4), "inputInsetPoint1": CIVector(x: 9.8, y: 8), "inputZoom": 0, "inputStrands": 40])
        #expect(spiral.extent.isInfinite)
        let values = Render.linearFloats(spiral, CGRect(x: -4, y: -4, width: 20, height: 18))
        #expect(values.allSatisfy(\.isFinite) && values.contains { $0 > 0 })
    }

    @Test func meshHandlesEmptyAndBadSegments() throws {
        let empty = try #require(CIFilter(name: "CIMeshGenerator", parameters: ["inputMesh": [CIVector]()]))
        #expect(try #require(empty.outputImage).extent.isEmpty)
        let bad = try #require(CIFilter(name: "CIMeshGenerator"))
        bad.setValue(["not a segment"], forKey: "inputMesh")
        #expect(bad.outputImage == nil)
        bad.setValue([CIVector(x: 1, y: 2)], forKey: "inputMesh")
        #expect(bad.outputImage == nil)
        // A segment with a non-finite coordinate is skipped; a negative width is clamped to 0, which leaves
        // the anti-aliasing ramp: half coverage on the line, none a pixel away.
        let mixed = try #require(CIFilter(name: "CIMeshGenerator", parameters: [
            "inputMesh": [CIVector(x: .nan, y: 0, z: 1, w: 1), CIVector(x: 0.5, y: 2.5, z: 9.5, w: 2.5)], kCIInputWidthKey: -4]))
        let image = try #require(mixed.outputImage)
        #expect(image.extent == CGRect(x: -1, y: 1, width: 12, height: 3))
        let values = Render.linearFloats(image, CGRect(x: 4, y: 1, width: 1, height: 3))
        #expect(values[3] == 0 && values[7] == 0.5 && values[11] == 0)
        // The command line gives a mesh as four numbers a segment.
        let typed = try #require(CIFilter(name: "CIMeshGenerator"))
        try typed.setValue(text: "1,1,9,5 2,2,3,3", forKey: "inputMesh")
        #expect(typed.outputImage?.extent == CGRect(x: -1, y: -1, width: 12, height: 8))
        #expect(throws: FilterTextError.self) { try typed.setValue(text: "1,2,3,4,5", forKey: "inputMesh") }
    }

    @Test func blurredRoundedRectangleMatchesItsNeighbours() throws {
        func render(_ name: String, _ parameters: [String: Any], _ rect: CGRect) throws -> [Float] {
            Render.linearFloats(try #require(CIFilter(name: name, parameters: parameters)?.outputImage), rect)
        }
        let extent = CIVector(x: 2, y: 3, z: 20, w: 12)
        let area = CGRect(x: -4, y: -3, width: 30, height: 24)
        // Radius 0 is the blurred rectangle; σ 0 the sharp rounded rectangle; a radius beyond half the shorter side is clamped.
        let square = try render("CIBlurredRoundedRectangleGenerator", [kCIInputExtentKey: extent, kCIInputRadiusKey: 0, "inputSigma": 2], area)
        #expect(Render.maxDifference(square, try render("CIBlurredRectangleGenerator", [kCIInputExtentKey: extent, "inputSigma": 2], area)) < 1e-6)
        let sharp = try render("CIBlurredRoundedRectangleGenerator", [kCIInputExtentKey: extent, kCIInputRadiusKey: 4, "inputSigma": 0], area)
        #expect(Render.maxDifference(sharp, try render("CIRoundedRectangleGenerator", [kCIInputExtentKey: extent, kCIInputRadiusKey: 4], area)) < 1e-6)
        let clamped = try render("CIBlurredRoundedRectangleGenerator", [kCIInputExtentKey: extent, kCIInputRadiusKey: 100, "inputSigma": 1], area)
        #expect(Render.maxDifference(clamped, try render("CIBlurredRoundedRectangleGenerator", [kCIInputExtentKey: extent, kCIInputRadiusKey: 6, "inputSigma": 1], area)) < 1e-6)
        // The blur keeps the shape's area: 20 × 12 less (4 − π)·4² for the corners, less the tails beyond 3σ.
        let total = try render("CIBlurredRoundedRectangleGenerator", [kCIInputExtentKey: extent, kCIInputRadiusKey: 4, "inputSigma": 1.5], area)
            .enumerated().filter { $0.offset % 4 == 3 }.reduce(0) { $0 + Double($1.element) }
        #expect(abs(total - (240 - (4 - Double.pi) * 16)) < 1.5)
        // An infinite extent gives no output (nothing is allocated).
        #expect(CIFilter(name: "CIBlurredRoundedRectangleGenerator", parameters: [kCIInputExtentKey: CIVector(cgRect: .infinite)])?.outputImage == nil)
    }
}
