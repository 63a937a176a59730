import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// `CIColorCurves`, `CIPalettize`, `CIPaletteCentroid` and `CISpotColor` beyond their numpy references
/// (`FilterCases.curvesPalettesSpots`): Apple's attributes, identities, hand-computed values, refusals, the typed
/// API and a render at defaults on a photo.
@Suite struct CurvesPaletteFilterTests {
    static let linear = CGColorSpace(name: CGColorSpace.extendedLinearSRGB)!

    static func attributes(_ name: String, _ key: String) throws -> [String: Any] {
        try #require(CIFilter(name: name)?.attributes[key] as? [String: Any], "\(name) has no attributes for \(key)")
    }

    static func number(_ value: Any?) -> Double? { FilterValuesProbe.number(value) }

    static func pixel(_ x: Int, _ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> CIImage {
        CIImage(color: CIColor(red: r, green: g, blue: b, alpha: a, colorSpace: linear)!).cropped(to: CGRect(x: x, y: 0, width: 1, height: 1))
    }

    @Test func namesCategoriesKeysAndDefaultsMatchApple() throws {
        let expected: [(String, String, String, [String], String, String)] = [
            ("CIColorCurves", "Color Curves", kCICategoryColorEffect, [kCIInputImageKey, "inputCurvesData", "inputCurvesDomain", "inputColorSpace"], "10.13", "11"),
            ("CIPalettize", "Palettize", kCICategoryColorEffect, [kCIInputImageKey, "inputPaletteImage", "inputPerceptual"], "10.15", "13"),
            ("CIPaletteCentroid", "Palette Centroid", kCICategoryColorEffect, [kCIInputImageKey, "inputPaletteImage", "inputPerceptual"], "10.15", "13"),
            ("CISpotColor", "Spot Color", kCICategoryStylize, [kCIInputImageKey] + (1...3).flatMap {
                ["inputCenterColor\($0)", "inputReplacementColor\($0)", "inputCloseness\($0)", "inputContrast\($0)"] }, "10.5", "9"),
        ]
        for (name, display, category, keys, mac, iOS) in expected {
            let filter = try #require(CIFilter(name: name), "\(name) missing")
            #expect(filter.attributes[kCIAttributeFilterDisplayName] as? String == display, "\(name)")
            #expect(filter.inputKeys == keys, "\(name)")
            #expect(CIFilter.filterNames(inCategory: category).contains(name), "\(name) not in \(category)")
            #expect(CIFilter.filterNames(inCategory: kCICategoryVideo).contains(name), "\(name) not video")
            #expect(filter.attributes[kCIAttributeFilterAvailable_Mac] as? String == mac, "\(name)")
            #expect(filter.attributes[kCIAttributeFilterAvailable_iOS] as? String == iOS, "\(name)")
        }
        let data = try #require(try Self.attributes("CIColorCurves", "inputCurvesData")[kCIAttributeDefault] as? Data)
        #expect(data.count == 36)
        #expect(data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) } == [0, 0, 0, 0.5, 0.5, 0.5, 1, 1, 1])
        #expect(try Self.attributes("CIColorCurves", "inputCurvesDomain")[kCIAttributeDefault] as? CIVector == CIVector(x: 0, y: 1))
        for name in ["CIPalettize", "CIPaletteCentroid"] {
            let perceptual = try Self.attributes(name, "inputPerceptual")
            #expect(perceptual[kCIAttributeType] as? String == kCIAttributeTypeBoolean && Self.number(perceptual[kCIAttributeDefault]) == 0)
        }
        let spot: [(String, Double, Double)] = [("inputCloseness1", 0.22, 0.5), ("inputContrast1", 0.98, 1), ("inputCloseness2", 0.15, 0.5),
                                                ("inputContrast2", 0.98, 1), ("inputCloseness3", 0.5, 0.5), ("inputContrast3", 0.99, 1)]
        for (key, value, sliderMax) in spot {
            let a = try Self.attributes("CISpotColor", key)
            #expect(Self.number(a[kCIAttributeDefault]) == value && Self.number(a[kCIAttributeMin]) == 0, "\(key)")
            #expect(Self.number(a[kCIAttributeSliderMin]) == 0 && Self.number(a[kCIAttributeSliderMax]) == sliderMax, "\(key)")
        }
        let centre = try #require(try Self.attributes("CISpotColor", "inputCenterColor2")[kCIAttributeDefault] as? CIColor)
        #expect(abs(centre.red - 0.5255) < 1e-9 && abs(centre.green - 0.3059) < 1e-9 && abs(centre.blue - 0.3451) < 1e-9)
    }

    @Test func curvesIdentityAndRefusals() {
        let region = CGRect(x: 0, y: 0, width: 8, height: 6)
        let pattern = TestImages.patternImage(width: 8, height: 6)
        let original = Render.linearFloats(pattern, region)
        #expect(Render.maxDifference(Render.linearFloats(pattern.applyingFilter("CIColorCurves"), region), original) <= 1e-6)
        // A single entry is a constant; 13 bytes is not a whole number of entries; an empty domain is refused.
        let constant = [Float](arrayLiteral: 0.25, 0.5, 0.75).withUnsafeBytes { Data($0) }
        let flat = Render.linearFloats(pattern.applyingFilter("CIColorCurves", parameters: ["inputCurvesData": constant]), CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(flat == [0.25, 0.5, 0.75, 1])
        #expect(CIFilter(name: "CIColorCurves", parameters: [kCIInputImageKey: pattern, "inputCurvesData": Data(count: 13)])?.outputImage == nil)
        #expect(CIFilter(name: "CIColorCurves", parameters: [kCIInputImageKey: pattern, "inputCurvesDomain": CIVector(x: 1, y: 1)])?.outputImage == nil)
    }

    @Test func palettizeAndCentroidsOfAKnownImage() throws {
        // Image (4 × 1): near red, near blue, near red (alpha ½), near blue. Palette: red, blue, green.
        let image = [Self.pixel(0, 0.9, 0.1, 0), Self.pixel(1, 0.1, 0, 0.8), Self.pixel(2, 0.7, 0.2, 0.1, 0.5), Self.pixel(3, 0, 0.1, 0.6)]
            .reduce(CIImage.empty()) { $1.composited(over: $0) }
        let palette = [Self.pixel(0, 1, 0, 0), Self.pixel(1, 0, 0, 1), Self.pixel(2, 0, 1, 0)].reduce(CIImage.empty()) { $1.composited(over: $0) }
        let region = CGRect(x: 0, y: 0, width: 4, height: 1)
        let painted = Render.linearFloats(image.applyingFilter("CIPalettize", parameters: ["inputPaletteImage": palette]), region)
        #expect(painted == [1, 0, 0, 1, 0, 0, 1, 1, 0.5, 0, 0, 0.5, 0, 0, 1, 1])
        let centroids = Render.linearFloats(image.applyingFilter("CIPaletteCentroid", parameters: ["inputPaletteImage": palette]),
                                            CGRect(x: 0, y: 0, width: 3, height: 1))
        // Red: pixels 0 and 2 (centres 0.5, 2.5) → x 1.5; blue: 1 and 3 → 2.5; green: none.
        #expect(centroids == [1.5, 0.5, 0.5, 1, 2.5, 0.5, 0.5, 1, 0, 0, 0, 0])
        // A palette image over 1024 pixels, or infinite, is refused.
        let big = CIImage(color: .red).cropped(to: CGRect(x: 0, y: 0, width: 40, height: 40))
        #expect(CIFilter(name: "CIPalettize", parameters: [kCIInputImageKey: image, "inputPaletteImage": big])?.outputImage == nil)
        #expect(CIFilter(name: "CIPaletteCentroid", parameters: [kCIInputImageKey: image, "inputPaletteImage": CIImage(color: .red)])?.outputImage == nil)
    }

    @Test func spotColorReplacesOnlyNearColours() {
        // Centre 1 = the pixel's own colour with closeness 0.1: replaced fully; a far colour is untouched.
        let near = CIImage(color: CIColor(red: 0.3, green: 0.6, blue: 0.2)).cropped(to: CGRect(x: 0, y: 0, width: 1, height: 1))
        let far = CIImage(color: CIColor(red: 0.9, green: 0.1, blue: 0.9)).cropped(to: CGRect(x: 1, y: 0, width: 1, height: 1))
        let image = far.composited(over: near)
        let output = image.applyingFilter("CISpotColor", parameters: [
            "inputCenterColor1": CIColor(red: 0.3, green: 0.6, blue: 0.2), "inputReplacementColor1": CIColor(red: 1, green: 1, blue: 1),
            "inputCloseness1": 0.1, "inputCloseness2": 0, "inputCloseness3": 0])
        let values = Render.linearFloats(output, CGRect(x: 0, y: 0, width: 2, height: 1))
        let farLinear = [0.9, 0.1, 0.9].map { Float(SRGB.toLinear($0)) }
        #expect(Render.maxDifference(Array(values[0..<4]), [1, 1, 1, 1]) <= 1e-5)
        #expect(Render.maxDifference(Array(values[4..<8]), farLinear + [1]) <= 1e-5)
    }

    @Test func typedFiltersShareTheStringStore() {
        let curves = CIFilter.colorCurves()
        #expect(curves.curvesDomain == CIVector(x: 0, y: 1) && curves.curvesData.count == 36 && curves.colorSpace == nil)
        curves.curvesDomain = CIVector(x: 0.2, y: 0.8)
        #expect(curves.value(forKey: "inputCurvesDomain") as? CIVector == CIVector(x: 0.2, y: 0.8))
        let palettize = CIFilter.palettize(), centroid = CIFilter.paletteCentroid()
        palettize.perceptual = true
        #expect(FilterValuesProbe.number(palettize.value(forKey: "inputPerceptual")) == 1 && !centroid.perceptual)
        let spot = CIFilter.spotColor()
        #expect(spot.closeness3 == 0.5 && spot.contrast3 == 0.99)
        spot.closeness1 = 0.4
        #expect(FilterValuesProbe.number(spot.value(forKey: "inputCloseness1")) == Double(Float(0.4)))
        let image = TestImages.patternImage(width: 8, height: 6)
        curves.inputImage = image; spot.inputImage = image
        palettize.inputImage = image; palettize.paletteImage = ReferenceInputs.palette
        centroid.inputImage = image; centroid.paletteImage = ReferenceInputs.palette
        for filter in [curves, palettize, centroid, spot] as [CIFilter] { #expect(filter.outputImage != nil, "\(filter.name)") }
    }

    @Test(.enabled(if: TestMedia.folder != nil, "needs the shared media corpus"))
    func renderAtDefaultsOnAPhoto() throws {
        let url = try #require(TestMedia.url("images/no_metadata.jpg"))
        let photo = try #require(CIImage(contentsOf: url))
        let crop = CGRect(x: photo.extent.midX - 64, y: photo.extent.midY - 48, width: 128, height: 96).integral
        for name in ["CIColorCurves", "CISpotColor", "CIPalettize"] {
            let parameters: [String: Any] = name == "CIPalettize" ? ["inputPaletteImage": ReferenceInputs.palette] : [:]
            let output = try #require(photo.applyingFilter(name, parameters: parameters) as CIImage?, "\(name)")
            #expect(output.extent == photo.extent, "\(name)")
            #expect(!Render.linearFloats(output, crop).contains { !$0.isFinite }, "\(name)")
        }
        let centroids = photo.applyingFilter("CIPaletteCentroid", parameters: ["inputPaletteImage": ReferenceInputs.palette])
        let values = Render.linearFloats(centroids, CGRect(x: 0, y: 0, width: 4, height: 1))
        let weights = stride(from: 2, to: 16, by: 4).map { values[$0] }
        #expect(abs(weights.reduce(0, +) - 1) <= 1e-4, "palette weights \(weights)")
        for i in 0..<4 where values[i * 4 + 3] == 1 {
            #expect(photo.extent.contains(CGPoint(x: CGFloat(values[i * 4]), y: CGFloat(values[i * 4 + 1]))))
        }
    }
}
