import Foundation
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// `CIThermal`, `CIXRay`, the Lab conversions, `CIColorThresholdOtsu` and `CIDither` beyond their numpy
/// references (`FilterCases.colorLooks`): Apple's attributes, values worked out by hand, round trips, the typed
/// API and a render at defaults on a photo.
@Suite struct ColorLookFilterTests {
    static let names = ["CIThermal", "CIXRay", "CIConvertRGBtoLab", "CIConvertLabToRGB", "CIColorThresholdOtsu", "CIDither"]
    static let linear = CGColorSpace(name: CGColorSpace.extendedLinearSRGB)!
    static let one = CGRect(x: 0, y: 0, width: 1, height: 1)

    static func swatch(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> CIImage {
        CIImage(color: CIColor(red: r, green: g, blue: b, alpha: a, colorSpace: linear)!).cropped(to: one)
    }

    static func attributes(_ name: String, _ key: String) throws -> [String: Any] {
        try #require(CIFilter(name: name)?.attributes[key] as? [String: Any], "\(name) has no attributes for \(key)")
    }

    @Test func namesCategoriesKeysAndDefaultsMatchApple() throws {
        let expected: [(String, String, String, [String], String, String)] = [
            ("CIThermal", "Thermal", kCICategoryColorEffect, [kCIInputImageKey], "10.11", "10"),
            ("CIXRay", "X-Ray", kCICategoryColorEffect, [kCIInputImageKey], "10.11", "10"),
            ("CIConvertRGBtoLab", "Convert RGB to Lab", kCICategoryColorEffect, [kCIInputImageKey, "inputNormalize"], "13.0", "16"),
            ("CIConvertLabToRGB", "Convert Lab to RGB", kCICategoryColorEffect, [kCIInputImageKey, "inputNormalize"], "13.0", "16"),
            ("CIColorThresholdOtsu", "Color Threshold Otsu", kCICategoryColorAdjustment, [kCIInputImageKey], "11.0", "14"),
            ("CIDither", "Dither", kCICategoryColorEffect, [kCIInputImageKey, kCIInputIntensityKey], "10.14", "12"),
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
        for name in ["CIConvertRGBtoLab", "CIConvertLabToRGB"] {
            let normalize = try Self.attributes(name, "inputNormalize")
            #expect(normalize[kCIAttributeType] as? String == kCIAttributeTypeBoolean)
            #expect(FilterValuesProbe.number(normalize[kCIAttributeDefault]) == 0)
            #expect(FilterValuesProbe.number(normalize[kCIAttributeMin]) == 0 && FilterValuesProbe.number(normalize[kCIAttributeMax]) == 1)
            #expect(CIFilter.filterNames(inCategory: kCICategoryHighDynamicRange).contains(name))
        }
        let intensity = try Self.attributes("CIDither", kCIInputIntensityKey)
        #expect(FilterValuesProbe.number(intensity[kCIAttributeDefault]) == 0.1)
        #expect(FilterValuesProbe.number(intensity[kCIAttributeMin]) == 0 && FilterValuesProbe.number(intensity[kCIAttributeMax]) == 5)
        #expect(FilterValuesProbe.number(intensity[kCIAttributeSliderMin]) == 0 && FilterValuesProbe.number(intensity[kCIAttributeSliderMax]) == 1)
    }

    @Test func rampsHitTheirEndStops() {
        func render(_ image: CIImage, _ name: String) -> [Float] { Render.linearFloats(image.applyingFilter(name), Self.one) }
        let navy = Float(SRGB.toLinear(0.5))
        #expect(Render.maxDifference(render(Self.swatch(0, 0, 0), "CIThermal"), [0, 0, navy, 1]) <= 1e-6)
        #expect(Render.maxDifference(render(Self.swatch(1, 1, 1), "CIThermal"), [1, 0, 0, 1]) <= 1e-6)
        // Luminance ½ is the middle stop: green.
        #expect(Render.maxDifference(render(Self.swatch(0.5, 0.5, 0.5), "CIThermal"), [0, 1, 0, 1]) <= 1e-5)
        #expect(Render.maxDifference(render(Self.swatch(1, 1, 1), "CIXRay"), [0, 0, 0, 1]) <= 1e-6)
        #expect(Render.maxDifference(render(Self.swatch(0, 0, 0, 0.5), "CIXRay"),
                                     [Float(SRGB.toLinear(0.9)) * 0.5, Float(SRGB.toLinear(0.95)) * 0.5, 0.5, 0.5]) <= 1e-6)
    }

    @Test func labConversionsRoundTripAndKnowWhite() {
        let white = Render.linearFloats(Self.swatch(1, 1, 1).applyingFilter("CIConvertRGBtoLab"), Self.one)
        #expect(Render.maxDifference(white, [100, 0, 0, 1]) <= 2e-3)
        let normalized = Render.linearFloats(Self.swatch(1, 1, 1).applyingFilter("CIConvertRGBtoLab", parameters: ["inputNormalize": true]), Self.one)
        #expect(Render.maxDifference(normalized, [1, 0.5, 0.5, 1]) <= 1e-5)
        let region = CGRect(x: 0, y: 0, width: 12, height: 10)
        let pattern = TestImages.patternImage(width: 12, height: 10)
        let original = Render.linearFloats(pattern, region)
        for normalize in [false, true] {
            let back = pattern.applyingFilter("CIConvertRGBtoLab", parameters: ["inputNormalize": normalize])
                .applyingFilter("CIConvertLabToRGB", parameters: ["inputNormalize": normalize])
            #expect(Render.maxDifference(Render.linearFloats(back, region), original) <= 1e-3, "normalize \(normalize)")
        }
    }

    @Test func otsuSplitsTwoLevels() throws {
        // 6 × 2: linear 0.1 on the left half, 0.8 on the right; Otsu's threshold falls between, so 0 | 1.
        let image = CIImage(color: CIColor(red: 0.8, green: 0.8, blue: 0.8, alpha: 1, colorSpace: Self.linear)!)
            .cropped(to: CGRect(x: 3, y: 0, width: 3, height: 2))
            .composited(over: CIImage(color: CIColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 1, colorSpace: Self.linear)!)
                .cropped(to: CGRect(x: 0, y: 0, width: 6, height: 2)))
        let output = try #require(image.applyingFilter("CIColorThresholdOtsu") as CIImage?)
        let values = Render.linearFloats(output, CGRect(x: 0, y: 0, width: 6, height: 2))
        let row: [Float] = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
        #expect(values == row + row)
        // An infinite image has no histogram.
        let infinite = CIFilter.colorThresholdOtsu()
        infinite.inputImage = CIImage(color: .red)
        #expect(infinite.outputImage == nil)
    }

    @Test func ditherIsZeroMeanNoiseAndOffAtZero() {
        let region = CGRect(x: 0, y: 0, width: 64, height: 64)
        let grey = CIImage(color: CIColor(red: 0.5, green: 0.5, blue: 0.5)).cropped(to: region)
        #expect(Render.linearFloats(grey.applyingFilter("CIDither", parameters: [kCIInputIntensityKey: 0]), region)
                == Render.linearFloats(grey, region))
        let dithered = Render.floats(grey.applyingFilter("CIDither"), region, colorSpace: CGColorSpace(name: CGColorSpace.extendedSRGB))
        let reds = stride(from: 0, to: dithered.count, by: 4).map { dithered[$0] - 0.5 }
        let mean = reds.reduce(0, +) / Float(reds.count)
        #expect(abs(mean) < 0.003, "mean offset \(mean)")
        #expect(reds.allSatisfy { abs($0) <= 0.0501 } && reds.contains { abs($0) > 0.04 })
    }

    @Test func typedFiltersShareTheStringStore() {
        let lab = CIFilter.convertRGBtoLab()
        lab.normalize = true
        #expect(FilterValuesProbe.number(lab.value(forKey: "inputNormalize")) == 1 && lab.normalize)
        #expect(CIFilter.convertLabToRGB().normalize == false)
        let dither = CIFilter.dither()
        #expect(dither.intensity == 0.1)
        dither.intensity = 0.4
        #expect(FilterValuesProbe.number(dither.value(forKey: kCIInputIntensityKey)) == Double(Float(0.4)))
        let image = TestImages.patternImage(width: 8, height: 6)
        let thermal = CIFilter.thermal(), xRay = CIFilter.xRay(), otsu = CIFilter.colorThresholdOtsu()
        thermal.inputImage = image; xRay.inputImage = image; otsu.inputImage = image; lab.inputImage = image; dither.inputImage = image
        for filter in [thermal, xRay, otsu, lab, dither] as [CIFilter] { #expect(filter.outputImage != nil, "\(filter.name)") }
    }

    @Test(.enabled(if: TestMedia.folder != nil, "needs the shared media corpus"))
    func renderAtDefaultsOnAPhoto() throws {
        let url = try #require(TestMedia.url("images/no_metadata.jpg"))
        let photo = try #require(CIImage(contentsOf: url))
        let crop = CGRect(x: photo.extent.midX - 64, y: photo.extent.midY - 48, width: 128, height: 96).integral
        for name in Self.names {
            let output = try #require(photo.applyingFilter(name, parameters: [:]) as CIImage?, "\(name) gave no output")
            #expect(output.extent == photo.extent, "\(name)")
            let values = Render.linearFloats(output, crop)
            #expect(!values.contains { !$0.isFinite }, "\(name)")
        }
        let otsu = Render.linearFloats(photo.applyingFilter("CIColorThresholdOtsu"), crop)
        #expect(otsu.allSatisfy { $0 == 0 || $0 == 1 } && otsu.contains(0) && otsu.contains(1))
    }
}
