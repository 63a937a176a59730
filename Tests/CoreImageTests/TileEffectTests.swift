import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// The tile effects beyond their numpy references (`FilterReferenceTests.tileEffect`): Apple's attributes, the
/// typed API, infinite extents, crops equal to the same region of a larger render, and regions of interest
/// bounded by the tile.
@Suite struct TileEffectTests {
    /// Name, display name, macOS / iOS availability and input keys of every tile effect.
    static let filters: [(String, String, String, String, [String])] = [
        ("CIAffineTile", "Affine Tile", "10.4", "6", [kCIInputImageKey, kCIInputTransformKey]),
        ("CIFourfoldTranslatedTile", "Fourfold Translated Tile", "10.4", "6", [kCIInputImageKey, kCIInputCenterKey, kCIInputAngleKey, "inputAcuteAngle", kCIInputWidthKey]),
        ("CIFourfoldReflectedTile", "Fourfold Reflected Tile", "10.4", "6", [kCIInputImageKey, kCIInputCenterKey, kCIInputAngleKey, "inputAcuteAngle", kCIInputWidthKey]),
        ("CIFourfoldRotatedTile", "Fourfold Rotated Tile", "10.4", "6", [kCIInputImageKey, kCIInputCenterKey, kCIInputAngleKey, kCIInputWidthKey]),
        ("CIEightfoldReflectedTile", "Eightfold Reflected Tile", "10.4", "6", [kCIInputImageKey, kCIInputCenterKey, kCIInputAngleKey, kCIInputWidthKey]),
        ("CISixfoldReflectedTile", "Sixfold Reflected Tile", "10.4", "6", [kCIInputImageKey, kCIInputCenterKey, kCIInputAngleKey, kCIInputWidthKey]),
        ("CISixfoldRotatedTile", "Sixfold Rotated Tile", "10.4", "6", [kCIInputImageKey, kCIInputCenterKey, kCIInputAngleKey, kCIInputWidthKey]),
        ("CITwelvefoldReflectedTile", "Twelvefold Reflected Tile", "10.4", "6", [kCIInputImageKey, kCIInputCenterKey, kCIInputAngleKey, kCIInputWidthKey]),
        ("CIGlideReflectedTile", "Glide Reflected Tile", "10.4", "6", [kCIInputImageKey, kCIInputCenterKey, kCIInputAngleKey, kCIInputWidthKey]),
        ("CIParallelogramTile", "Parallelogram Tile", "10.5", "9", [kCIInputImageKey, kCIInputCenterKey, kCIInputAngleKey, "inputAcuteAngle", kCIInputWidthKey]),
        ("CITriangleTile", "Triangle Tile", "10.5", "9", [kCIInputImageKey, kCIInputCenterKey, kCIInputAngleKey, kCIInputWidthKey]),
        ("CIKaleidoscope", "Kaleidoscope", "10.5", "9", [kCIInputImageKey, "inputCount", kCIInputCenterKey, kCIInputAngleKey]),
        ("CIPerspectiveTile", "Perspective Tile", "10.4", "6", [kCIInputImageKey, "inputTopLeft", "inputTopRight", "inputBottomRight", "inputBottomLeft"]),
        ("CITriangleKaleidoscope", "Triangle Kaleidoscope", "10.11", "9", [kCIInputImageKey, "inputPoint", "inputSize", "inputRotation", "inputDecay"]),
        ("CIOpTile", "Op Tile", "10.5", "9", [kCIInputImageKey, kCIInputCenterKey, kCIInputScaleKey, kCIInputAngleKey, kCIInputWidthKey]),
    ]

    static func attributes(_ name: String, _ key: String) throws -> [String: Any] {
        try #require(CIFilter(name: name)?.attributes[key] as? [String: Any], "\(name) has no attributes for \(key)")
    }

    static func number(_ value: Any?) -> Double? { FilterValuesProbe.number(value) }

    @Test func attributesMatchApple() throws {
        let tiles = CIFilter.filterNames(inCategory: kCICategoryTileEffect)
        for (name, display, mac, iOS, keys) in Self.filters {
            let filter = try #require(CIFilter(name: name), "\(name) missing")
            let attributes = filter.attributes
            #expect(attributes[kCIAttributeFilterDisplayName] as? String == display)
            #expect(attributes[kCIAttributeFilterCategories] as? [String]
                    == [kCICategoryTileEffect, kCICategoryVideo, kCICategoryStillImage, kCICategoryHighDynamicRange, kCICategoryBuiltIn])
            #expect(attributes[kCIAttributeFilterAvailable_Mac] as? String == mac, "\(name)")
            #expect(attributes[kCIAttributeFilterAvailable_iOS] as? String == iOS, "\(name)")
            #expect(filter.inputKeys == keys, "\(name)")
            #expect(tiles.contains(name))
            if keys.contains(kCIInputCenterKey) {
                let centre = try Self.attributes(name, kCIInputCenterKey)
                #expect(centre[kCIAttributeType] as? String == kCIAttributeTypePosition)
                #expect(centre[kCIAttributeDefault] as? CIVector == CIVector(x: 150, y: 150))
                let angle = try Self.attributes(name, kCIInputAngleKey)
                #expect(angle[kCIAttributeType] as? String == kCIAttributeTypeAngle)
                #expect(Self.number(angle[kCIAttributeDefault]) == 0)
            }
            if keys.contains(kCIInputWidthKey), name != "CIOpTile" {  // CIOpTile's width: TriangleKaleidoscopeOpTileTests
                let width = try Self.attributes(name, kCIInputWidthKey)
                #expect(width[kCIAttributeType] as? String == kCIAttributeTypeDistance)
                #expect(Self.number(width[kCIAttributeDefault]) == 100)
                #expect(Self.number(width[kCIAttributeMin]) == 0)
                #expect(Self.number(width[kCIAttributeSliderMax]) == 200)
            }
            if keys.contains("inputAcuteAngle") {
                let acute = try Self.attributes(name, "inputAcuteAngle")
                #expect(acute[kCIAttributeType] as? String == kCIAttributeTypeAngle)
                #expect(abs((Self.number(acute[kCIAttributeDefault]) ?? 0) - Double.pi / 2) < 1e-12)
            }
        }
        let count = try Self.attributes("CIKaleidoscope", "inputCount")
        #expect(Self.number(count[kCIAttributeDefault]) == 6)
        #expect(Self.number(count[kCIAttributeMin]) == 1)
        #expect(try Self.attributes("CIPerspectiveTile", "inputTopLeft")[kCIAttributeDefault] as? CIVector == CIVector(x: 118, y: 484))
        #expect(try Self.attributes("CIPerspectiveTile", "inputBottomLeft")[kCIAttributeDefault] as? CIVector == CIVector(x: 155, y: 153))
        #expect(try Self.attributes("CIAffineTile", kCIInputTransformKey)[kCIAttributeType] as? String == kCIAttributeTypeTransform)
    }

    /// Every tile effect applied to a 64×48 pattern with a tile inside it.
    static func outputs(_ image: CIImage) -> [(String, CIImage)] {
        let lattice: [String: Any] = [kCIInputCenterKey: CIVector(x: 30, y: 22), kCIInputWidthKey: 17, kCIInputAngleKey: 0.2]
        return filters.map { filter in
            let name = filter.0
            var parameters: [String: Any]
            switch name {
            case "CIAffineTile": parameters = [kCIInputTransformKey: CIVector(cgAffineTransform: CGAffineTransform(rotationAngle: 0.4).scaledBy(x: 0.6, y: 0.7))]
            case "CIKaleidoscope": parameters = ["inputCount": 5, kCIInputCenterKey: CIVector(x: 30, y: 22), kCIInputAngleKey: 0.3]
            case "CITriangleKaleidoscope": parameters = ["inputPoint": CIVector(x: 30, y: 22), "inputSize": 17, "inputRotation": 0.2, "inputDecay": 0.3]
            case "CIOpTile": parameters = [kCIInputCenterKey: CIVector(x: 30, y: 22), kCIInputWidthKey: 17, kCIInputAngleKey: 0.2, kCIInputScaleKey: 1.7]
            case "CIPerspectiveTile": parameters = ["inputTopLeft": CIVector(x: 4, y: 40), "inputTopRight": CIVector(x: 50, y: 44),
                                                    "inputBottomRight": CIVector(x: 44, y: 6), "inputBottomLeft": CIVector(x: 8, y: 3)]
            default: parameters = lattice
            }
            return (name, image.applyingFilter(name, parameters: parameters))
        }
    }

    @Test func outputsAreInfiniteAndCropsEqualTheLargerRender() {
        let image = TestImages.patternImage(width: 64, height: 48)
        for (name, output) in Self.outputs(image) {
            // CIOpTile reaches a bounded distance beyond the input; the others repeat forever.
            #expect(output.extent.isInfinite == (name != "CIOpTile"), "\(name): \(output.extent)")
            let large = CGRect(x: -40, y: -30, width: 150, height: 120)
            let crop = CGRect(x: 37, y: -11, width: 29, height: 23)
            let whole = Render.linearFloats(output, large)
            let part = Render.linearFloats(output.cropped(to: crop), crop, context: CIContext())
            var expected: [Float] = []
            // Rows run top first in both buffers.
            let top = Int(large.maxY - crop.maxY), left = Int(crop.minX - large.minX)
            for row in 0..<Int(crop.height) {
                let start = ((top + row) * Int(large.width) + left) * 4
                expected += whole[start..<(start + Int(crop.width) * 4)]
            }
            #expect(part == expected, "\(name): a crop differs from the larger render")
            #expect(whole.contains { $0 != 0 }, "\(name) rendered nothing")
        }
    }

    @Test func aCropReadsOnlyTheTile() throws {
        let image = CIImage(cgImage: TestImages.pattern(width: 400, height: 300))
        let far = CGRect(x: 900, y: -700, width: 40, height: 30)
        for name in ["CIFourfoldTranslatedTile", "CIEightfoldReflectedTile", "CITwelvefoldReflectedTile", "CITriangleTile"] {
            let output = image.applyingFilter(name, parameters: [kCIInputCenterKey: CIVector(x: 200, y: 150), kCIInputWidthKey: 20, kCIInputAngleKey: 0.1])
            let context = CIContext()
            _ = Render.linearFloats(output.cropped(to: far), far, context: context)
            let read = try #require(context.lastRenderStatistics.sourceReads.values.first)
            // The tile (20 wide, any fold) lies within 20 pixels of its centre, plus two pixels of margin.
            #expect(PixelRect(x: 178, y: 128, width: 44, height: 44).intersection(read.rect) == read.rect, "\(name) read \(read.rect)")
        }
        let kaleidoscope = image.applyingFilter("CIKaleidoscope", parameters: [kCIInputCenterKey: CIVector(x: 200, y: 150), "inputCount": 6])
        let context = CIContext()
        let near = CGRect(x: 205, y: 150, width: 10, height: 10)
        _ = Render.linearFloats(kaleidoscope.cropped(to: near), near, context: context)
        let read = try #require(context.lastRenderStatistics.sourceReads.values.first)
        #expect(read.rect.width <= 24 && read.rect.height <= 24, "kaleidoscope read \(read.rect)")
    }

    @Test func typedFiltersMatchTheStringKeyedOnes() throws {
        let image = TestImages.patternImage(width: 64, height: 48)
        let region = CGRect(x: -10, y: -10, width: 80, height: 60)
        func same(_ typed: CIImage?, _ name: String, _ parameters: [String: Any]) throws {
            let a = try #require(typed, "\(name): typed filter gave no image")
            let b = image.applyingFilter(name, parameters: parameters)
            #expect(Render.linearFloats(a, region) == Render.linearFloats(b, region), "\(name)")
        }
        let centre = CGPoint(x: 30, y: 22)
        // The typed properties are Float: the string-keyed parameters use the same Float values.
        let lattice: [String: Any] = [kCIInputCenterKey: CIVector(cgPoint: centre), kCIInputWidthKey: 17, kCIInputAngleKey: Float(0.2)]
        var skewed = lattice
        skewed["inputAcuteAngle"] = Float(1.1)

        let translated = CIFilter.fourfoldTranslatedTile()
        translated.inputImage = image; translated.center = centre; translated.width = 17; translated.angle = 0.2; translated.acuteAngle = 1.1
        #expect(translated.center == centre && translated.width == 17 && translated.acuteAngle == 1.1)
        try same(translated.outputImage, "CIFourfoldTranslatedTile", skewed)
        let reflected = CIFilter.fourfoldReflectedTile()
        reflected.inputImage = image; reflected.center = centre; reflected.width = 17; reflected.angle = 0.2; reflected.acuteAngle = 1.1
        try same(reflected.outputImage, "CIFourfoldReflectedTile", skewed)
        let parallelogram = CIFilter.parallelogramTile()
        parallelogram.inputImage = image; parallelogram.center = centre; parallelogram.width = 17; parallelogram.angle = 0.2; parallelogram.acuteAngle = 1.1
        try same(parallelogram.outputImage, "CIParallelogramTile", skewed)

        let rotated = CIFilter.fourfoldRotatedTile(); rotated.inputImage = image; rotated.center = centre; rotated.width = 17; rotated.angle = 0.2
        try same(rotated.outputImage, "CIFourfoldRotatedTile", lattice)
        let eight = CIFilter.eightfoldReflectedTile(); eight.inputImage = image; eight.center = centre; eight.width = 17; eight.angle = 0.2
        try same(eight.outputImage, "CIEightfoldReflectedTile", lattice)
        let sixR = CIFilter.sixfoldReflectedTile(); sixR.inputImage = image; sixR.center = centre; sixR.width = 17; sixR.angle = 0.2
        try same(sixR.outputImage, "CISixfoldReflectedTile", lattice)
        let sixT = CIFilter.sixfoldRotatedTile(); sixT.inputImage = image; sixT.center = centre; sixT.width = 17; sixT.angle = 0.2
        try same(sixT.outputImage, "CISixfoldRotatedTile", lattice)
        let twelve = CIFilter.twelvefoldReflectedTile(); twelve.inputImage = image; twelve.center = centre; twelve.width = 17; twelve.angle = 0.2
        try same(twelve.outputImage, "CITwelvefoldReflectedTile", lattice)
        let glide = CIFilter.glideReflectedTile(); glide.inputImage = image; glide.center = centre; glide.width = 17; glide.angle = 0.2
        try same(glide.outputImage, "CIGlideReflectedTile", lattice)
        let triangle = CIFilter.triangleTile(); triangle.inputImage = image; triangle.center = centre; triangle.width = 17; triangle.angle = 0.2
        try same(triangle.outputImage, "CITriangleTile", lattice)

        let kaleidoscope = CIFilter.kaleidoscope()
        #expect(kaleidoscope.count == 6 && kaleidoscope.center == CGPoint(x: 150, y: 150) && kaleidoscope.angle == 0)
        kaleidoscope.inputImage = image; kaleidoscope.count = 5; kaleidoscope.center = centre; kaleidoscope.angle = 0.3
        try same(kaleidoscope.outputImage, "CIKaleidoscope", ["inputCount": 5, kCIInputCenterKey: CIVector(cgPoint: centre), kCIInputAngleKey: Float(0.3)])

        let t = CGAffineTransform(rotationAngle: 0.4).scaledBy(x: 0.6, y: 0.7)
        let affine = CIFilter.affineTile()
        #expect(affine.transform == .identity)
        affine.inputImage = image; affine.transform = t
        #expect(affine.transform == t)
        try same(affine.outputImage, "CIAffineTile", [kCIInputTransformKey: CIVector(cgAffineTransform: t)])

        let perspective = CIFilter.perspectiveTile()
        #expect(perspective.topRight == CGPoint(x: 646, y: 507) && perspective.bottomRight == CGPoint(x: 548, y: 140))
        perspective.inputImage = image
        perspective.topLeft = CGPoint(x: 4, y: 40); perspective.topRight = CGPoint(x: 50, y: 44)
        perspective.bottomRight = CGPoint(x: 44, y: 6); perspective.bottomLeft = CGPoint(x: 8, y: 3)
        try same(perspective.outputImage, "CIPerspectiveTile", ["inputTopLeft": CIVector(x: 4, y: 40), "inputTopRight": CIVector(x: 50, y: 44),
                                                                "inputBottomRight": CIVector(x: 44, y: 6), "inputBottomLeft": CIVector(x: 8, y: 3)])
        let defaults = CIFilter.twelvefoldReflectedTile()
        #expect(defaults.center == CGPoint(x: 150, y: 150) && defaults.width == 100 && defaults.angle == 0)
    }

    @Test func identityAffineTileRepeatsTheInputExactly() {
        let image = TestImages.patternImage(width: 12, height: 10)
        let tiled = image.applyingFilter("CIAffineTile", parameters: [:])
        let original = Render.linearFloats(image, CGRect(x: 0, y: 0, width: 12, height: 10))
        #expect(Render.linearFloats(tiled, CGRect(x: 24, y: -30, width: 12, height: 10)) == original)
        #expect(Render.linearFloats(tiled, CGRect(x: -12, y: 10, width: 12, height: 10)) == original)
    }

    @Test func aZeroWidthMakesNoTile() {
        let image = TestImages.patternImage(width: 12, height: 10)
        let output = image.applyingFilter("CIEightfoldReflectedTile", parameters: [kCIInputWidthKey: 0])
        #expect(output.extent.isEmpty)
    }
}
