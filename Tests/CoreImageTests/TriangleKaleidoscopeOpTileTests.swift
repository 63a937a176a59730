import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// `CITriangleKaleidoscope` and `CIOpTile` beyond their numpy references: Apple's attributes, the typed API,
/// and pixel values that must equal particular input pixels (or each other, by symmetry).
@Suite struct TriangleKaleidoscopeOpTileTests {
    /// The RGBA floats of pixel (x, y) in a top-row-first render of `rect`.
    static func pixel(_ values: [Float], _ rect: CGRect, _ x: Int, _ y: Int) -> [Float] {
        let row = Int(rect.maxY) - 1 - y, column = x - Int(rect.minX)
        let start = (row * Int(rect.width) + column) * 4
        return Array(values[start..<(start + 4)])
    }

    static func close(_ a: [Float], _ b: [Float], _ tolerance: Float = 1e-5) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    static func attributes(_ name: String, _ key: String) throws -> [String: Any] {
        try #require(CIFilter(name: name)?.attributes[key] as? [String: Any], "\(name) has no attributes for \(key)")
    }

    @Test func triangleKaleidoscopeAttributesMatchApple() throws {
        let filter = try #require(CIFilter(name: "CITriangleKaleidoscope"))
        #expect(filter.inputKeys == [kCIInputImageKey, "inputPoint", "inputSize", "inputRotation", "inputDecay"])
        #expect(filter.attributes[kCIAttributeFilterDisplayName] as? String == "Triangle Kaleidoscope")
        #expect(CIFilter.filterNames(inCategory: kCICategoryTileEffect).contains("CITriangleKaleidoscope"))
        let point = try Self.attributes("CITriangleKaleidoscope", "inputPoint")
        #expect(point[kCIAttributeType] as? String == kCIAttributeTypePosition)
        #expect(point[kCIAttributeDefault] as? CIVector == CIVector(x: 150, y: 150))
        let size = try Self.attributes("CITriangleKaleidoscope", "inputSize")
        #expect(FilterValuesProbe.number(size[kCIAttributeDefault]) == 700)
        #expect(FilterValuesProbe.number(size[kCIAttributeSliderMax]) == 1000)
        let rotation = try Self.attributes("CITriangleKaleidoscope", "inputRotation")
        #expect(rotation[kCIAttributeType] as? String == kCIAttributeTypeAngle)
        #expect(FilterValuesProbe.number(rotation[kCIAttributeDefault]) == 5.924285296593801)
        #expect(FilterValuesProbe.number(rotation[kCIAttributeSliderMax]) == 2 * Double.pi)
        let decay = try Self.attributes("CITriangleKaleidoscope", "inputDecay")
        #expect(FilterValuesProbe.number(decay[kCIAttributeDefault]) == 0.85)
        #expect(FilterValuesProbe.number(decay[kCIAttributeSliderMax]) == 1)

        let typed = CIFilter.triangleKaleidoscope()
        #expect(typed.point == CGPoint(x: 150, y: 150) && typed.size == 700 && typed.decay == 0.85)
        #expect(typed.rotation == Float(5.924285296593801))
    }

    @Test func opTileAttributesMatchApple() throws {
        let filter = try #require(CIFilter(name: "CIOpTile"))
        #expect(filter.inputKeys == [kCIInputImageKey, kCIInputCenterKey, kCIInputScaleKey, kCIInputAngleKey, kCIInputWidthKey])
        #expect(filter.attributes[kCIAttributeFilterDisplayName] as? String == "Op Tile")
        let scale = try Self.attributes("CIOpTile", kCIInputScaleKey)
        #expect(FilterValuesProbe.number(scale[kCIAttributeDefault]) == 2.8)
        #expect(FilterValuesProbe.number(scale[kCIAttributeIdentity]) == 1)
        #expect(FilterValuesProbe.number(scale[kCIAttributeMin]) == 0)
        #expect(FilterValuesProbe.number(scale[kCIAttributeSliderMin]) == 0.1)
        #expect(FilterValuesProbe.number(scale[kCIAttributeSliderMax]) == 10)
        let width = try Self.attributes("CIOpTile", kCIInputWidthKey)
        #expect(width[kCIAttributeType] as? String == kCIAttributeTypeDistance)
        #expect(FilterValuesProbe.number(width[kCIAttributeDefault]) == 65)
        #expect(FilterValuesProbe.number(width[kCIAttributeSliderMin]) == 1)
        #expect(FilterValuesProbe.number(width[kCIAttributeSliderMax]) == 1000)
        let typed = CIFilter.opTile()
        #expect(typed.center == CGPoint(x: 150, y: 150) && typed.scale == 2.8 && typed.angle == 0 && typed.width == 65)
    }

    /// Rotation 0 puts the triangle's first side on the line y = 20 (the centroid sits size·√3/6 above it).
    static func kaleidoscope(_ image: CIImage, decay: Double) -> CIImage {
        image.applyingFilter("CITriangleKaleidoscope", parameters: [
            "inputPoint": CIVector(x: 31, y: 20 + 18 * 3.0.squareRoot() / 6), "inputSize": 18, "inputRotation": 0, "inputDecay": decay])
    }

    @Test func theCentralTriangleIsTheInputAndTheMirrorsAreExact() throws {
        let image = TestImages.patternImage(width: 64, height: 48)
        let region = CGRect(x: 0, y: 0, width: 64, height: 48)
        let input = Render.linearFloats(image, region)
        let output = Render.linearFloats(Self.kaleidoscope(image, decay: 0), region)
        // Triangle corners (22, 20), (40, 20), (31, 20 + 9√3): pixels whose centres are inside show the input.
        let h = 9 * 3.0.squareRoot()
        var inside = 0
        for y in 20..<48 {
            for x in 22..<40 {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                let height = py - 20, half = 9 * (1 - height / h)
                guard height > 0.01, abs(px - 31) < half - 0.01 else { continue }
                inside += 1
                #expect(Self.close(Self.pixel(output, region, x, y), Self.pixel(input, region, x, y), 1e-6), "(\(x), \(y))")
            }
        }
        #expect(inside > 80)
        // The side on y = 20 is a mirror of the whole pattern: row 20 + d equals row 19 − d everywhere.
        for d in 0..<15 {
            for x in stride(from: 0, to: 64, by: 3) {
                #expect(Self.close(Self.pixel(output, region, x, 20 + d), Self.pixel(output, region, x, 19 - d)), "x \(x), d \(d)")
            }
        }
        // Every output value is some input value blend: nothing is brighter than the input's brightest.
        #expect(output.max()! <= input.max()! + 1e-6)
    }

    @Test func decayFadesWithDistanceBeyondTheTriangle() throws {
        let image = TestImages.patternImage(width: 64, height: 48)
        let region = CGRect(x: -40, y: -40, width: 150, height: 130)
        let plain = Render.linearFloats(Self.kaleidoscope(image, decay: 0), region)
        let faded = Render.linearFloats(Self.kaleidoscope(image, decay: 0.7), region)
        let centre = SIMD2(31.0, 20 + 18 * 3.0.squareRoot() / 6), circumradius = 18 / 3.0.squareRoot()
        for (x, y) in [(31, 25), (0, 0), (-35, 80), (100, -30), (60, 44)] {
            let r = SIMD2(Double(x) + 0.5, Double(y) + 0.5) - centre
            let weight = Float(exp(-0.7 * max(0, (r * r).sum().squareRoot() - circumradius) / 18))
            let expected = Self.pixel(plain, region, x, y).map { $0 * weight }
            #expect(Self.close(Self.pixel(faded, region, x, y), expected, 1e-6), "(\(x), \(y))")
            #expect(Self.pixel(plain, region, x, y)[3] == 1)
        }
    }

    @Test func opTileSamplesEachTileAroundItsCentre() throws {
        let image = TestImages.patternImage(width: 64, height: 48)
        let region = CGRect(x: 0, y: 0, width: 64, height: 48)
        let input = Render.linearFloats(image, region)
        // Width 10, angle 0, centre on the pixel centre (30.5, 22.5): tile centres at (30.5 + 10i, 22.5 + 10j).
        let tiled = image.applyingFilter("CIOpTile", parameters: [kCIInputCenterKey: CIVector(x: 30.5, y: 22.5), kCIInputWidthKey: 10,
                                                                  kCIInputAngleKey: 0, kCIInputScaleKey: 2])
        let output = Render.linearFloats(tiled, region)
        // p = c + d samples c + 2d: both pixel centres, so the values are input pixels exactly.
        for (cx, cy) in [(30, 22), (20, 12), (40, 32), (10, 22)] {
            for (dx, dy) in [(0, 0), (2, 1), (-3, 4), (4, -4), (-2, -3)] {
                let expected = Self.pixel(input, region, cx + 2 * dx, cy + 2 * dy)
                #expect(Self.close(Self.pixel(output, region, cx + dx, cy + dy), expected, 1e-6), "tile (\(cx), \(cy)) offset (\(dx), \(dy))")
            }
        }
        // The extent: the input's grown by (1 + scale)·width/√2.
        let reach = CGFloat(3 * 10 / 2.0.squareRoot())
        #expect(tiled.extent == image.extent.insetBy(dx: -reach, dy: -reach))
        // Scale 1 is the identity.
        let identity = image.applyingFilter("CIOpTile", parameters: [kCIInputCenterKey: CIVector(x: 17, y: 9), kCIInputWidthKey: 13,
                                                                     kCIInputAngleKey: 0.4, kCIInputScaleKey: 1])
        #expect(Render.maxDifference(Render.linearFloats(identity, region), input) <= 1e-6)
        // The typed filter gives the same image.
        let typed = CIFilter.opTile()
        typed.inputImage = image; typed.center = CGPoint(x: 30.5, y: 22.5); typed.width = 10; typed.angle = 0; typed.scale = 2
        #expect(Render.linearFloats(try #require(typed.outputImage), region) == output)
    }

    @Test func aZeroSizeOrWidthMakesNothing() {
        let image = TestImages.patternImage(width: 12, height: 10)
        #expect(image.applyingFilter("CITriangleKaleidoscope", parameters: ["inputSize": 0]).extent.isEmpty)
        #expect(image.applyingFilter("CIOpTile", parameters: [kCIInputWidthKey: 0]).extent.isEmpty)
    }
}
