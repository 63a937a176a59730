import Foundation
import _Testing_CoreImage

/// CIFilter's string API (key-value storage implemented by the filter), attributes, registry and typed factories.
@Suite struct FilterAPITests {
    @Test func stringKeysStoreConvertAndReturnValues() throws {
        let filter = try #require(CIFilter(name: "CISepiaTone"))
        #expect(filter.name == "CISepiaTone")
        #expect(filter.inputKeys == [kCIInputImageKey, kCIInputIntensityKey])
        #expect(filter.outputKeys == [kCIOutputImageKey])
        #expect((filter.value(forKey: kCIInputIntensityKey) as? NSNumber)?.doubleValue == 1)
        filter.setValue(Float(0.25), forKey: kCIInputIntensityKey)
        #expect(FilterValuesProbe.number(filter.value(forKey: kCIInputIntensityKey)) == 0.25)
        #expect(filter.outputImage == nil, "no input image yet")
        let image = TestImages.patternImage()
        filter.setValue(image, forKey: kCIInputImageKey)
        #expect(filter.value(forKey: kCIInputImageKey) as? CIImage === image)
        #expect(filter.outputImage?.extent == image.extent)
        filter.setDefaults()
        #expect(filter.value(forKey: kCIInputImageKey) == nil)
    }

    @Test func applyingFilterEqualsTheFilterObject() {
        let image = TestImages.patternImage()
        let viaImage = image.applyingFilter("CIColorControls", parameters: [kCIInputSaturationKey: 0.4, kCIInputContrastKey: 1.3])
        let filter = CIFilter(name: "CIColorControls", parameters: [kCIInputImageKey: image, kCIInputSaturationKey: 0.4, kCIInputContrastKey: 1.3])!
        #expect(Render.linearFloats(viaImage, image.extent) == Render.linearFloats(filter.outputImage!, image.extent))
    }

    @Test func wrongValueTypesGiveNoOutput() {
        let filter = CIFilter(name: "CIGaussianBlur")!
        filter.setValue(TestImages.patternImage(), forKey: kCIInputImageKey)
        filter.setValue("ten", forKey: kCIInputRadiusKey)
        #expect(filter.outputImage == nil)
    }

    @Test func unknownNamesGiveNil() {
        #expect(CIFilter(name: "CINoSuchFilter") == nil)
    }

    @Test func attributesCarryApplesKeysAndValues() throws {
        let attributes = CIFilter(name: "CIVignette")!.attributes
        #expect(attributes[kCIAttributeFilterName] as? String == "CIVignette")
        #expect(attributes[kCIAttributeFilterDisplayName] as? String == "Vignette")
        let categories = try #require(attributes[kCIAttributeFilterCategories] as? [String])
        #expect(categories.contains(kCICategoryColorEffect) && categories.contains(kCICategoryBuiltIn))
        let radius = try #require(attributes[kCIInputRadiusKey] as? [String: Any])
        #expect(radius[kCIAttributeClass] as? String == "NSNumber")
        #expect(radius[kCIAttributeType] as? String == kCIAttributeTypeScalar)
        #expect((radius[kCIAttributeDefault] as? NSNumber)?.doubleValue == 1)
        #expect((radius[kCIAttributeSliderMax] as? NSNumber)?.doubleValue == 2)
        let center = try #require(CIFilter(name: "CIRadialGradient")!.attributes[kCIInputCenterKey] as? [String: Any])
        #expect(center[kCIAttributeType] as? String == kCIAttributeTypePosition)
        #expect(center[kCIAttributeDefault] as? CIVector == CIVector(x: 150, y: 150))
        let color = try #require(CIFilter(name: "CIRadialGradient")!.attributes["inputColor0"] as? [String: Any])
        #expect(color[kCIAttributeDefault] as? CIColor == CIColor(red: 1, green: 1, blue: 1))
    }

    @Test func filterNamesByCategory() {
        let all = CIFilter.filterNames(inCategory: kCICategoryBuiltIn)
        #expect(all.count >= 75)
        #expect(all == all.sorted())
        let blurs = CIFilter.filterNames(inCategory: kCICategoryBlur)
        #expect(blurs.contains("CIGaussianBlur") && !blurs.contains("CISepiaTone"))
        let both = CIFilter.filterNames(inCategories: [kCICategoryColorAdjustment, kCICategoryHighDynamicRange])
        #expect(both.contains("CIExposureAdjust") && !both.contains("CIColorControls"))
        #expect(CIFilter.localizedName(forFilterName: "CISepiaTone") == "Sepia Tone")
        #expect(CIFilter.localizedName(forCategory: kCICategoryColorEffect) == "Color Effect")
    }

    @Test func typedFactoriesShareTheStringStore() throws {
        let sepia = CIFilter.sepiaTone()
        sepia.intensity = 0.3
        sepia.inputImage = TestImages.patternImage()
        #expect(FilterValuesProbe.number(sepia.value(forKey: kCIInputIntensityKey)) == Double(Float(0.3)))
        #expect(sepia.outputImage != nil)
        let gradient = CIFilter.radialGradient()
        gradient.center = CGPoint(x: 10, y: 20)
        #expect(gradient.value(forKey: kCIInputCenterKey) as? CIVector == CIVector(x: 10, y: 20))
        #expect(gradient.radius1 == 100)
        let blend = CIFilter.multiplyBlendMode()
        blend.inputImage = TestImages.alphaPattern(seed: 0)
        blend.backgroundImage = TestImages.alphaPattern(seed: 1)
        #expect(blend.outputImage?.extent == CGRect(x: 0, y: 0, width: 4, height: 3))
        let noir: CIFilter & CIPhotoEffect = CIFilter.photoEffectNoir()
        #expect(noir.extrapolate == false)
    }

    @Test func registeredFiltersAreMadeByName() {
        final class Maker: CIFilterConstructor {
            func filter(withName name: String) -> CIFilter? { CIFilter(name: "CIColorInvert") }
        }
        CIFilter.registerName("TestInvert", constructor: Maker(), classAttributes: [kCIAttributeFilterCategories: ["TestCategory"]])
        let filter = CIFilter(name: "TestInvert")
        filter?.setValue(TestImages.patternImage(), forKey: kCIInputImageKey)
        #expect(filter?.outputImage != nil)
        #expect(CIFilter.filterNames(inCategory: "TestCategory") == ["TestInvert"])
    }
}

enum FilterValuesProbe {
    static func number(_ value: Any?) -> Double? {
        switch value {
        case let n as NSNumber: n.doubleValue
        case let d as Double: d
        case let f as Float: Double(f)
        default: nil
        }
    }
}
