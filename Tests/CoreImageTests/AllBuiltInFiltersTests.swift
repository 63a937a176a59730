import Foundation
import _Testing_CoreImage

/// The whole catalogue: every name of Apple's built-in list (iOS 13's 219 and the 20 added in iOS 14–18, as
/// `../shared/docs/coreimage-filter-names.md` lists them, copied here so the test runs without ../shared) is made by
/// name, listed in `kCICategoryBuiltIn`, describes itself with attributes whose defaults sit inside their ranges,
/// starts at those defaults, and renders at them on a real photo. The Apple-only filters
/// (`FilterCases.withoutOutput`: Core ML, person segmentation, saliency, lens calibration) are made
/// and described but give `nil` output, as Docs/CoreImage.md documents.
@Suite(.enabled(if: DetectorPhotos.available, Comment(rawValue: DetectorPhotos.skipMessage)))
struct AllBuiltInFiltersTests {
    static let appleNames = (
        "CIAccordionFoldTransition CIAdditionCompositing CIAffineClamp CIAffineTile CIAffineTransform CIAreaAverage "
        + "CIAreaAverageMaximumRed CIAreaBoundsRed CIAreaHistogram CIAreaLogarithmicHistogram CIAreaMaximum "
        + "CIAreaMaximumAlpha CIAreaMinMax CIAreaMinMaxRed CIAreaMinimum CIAreaMinimumAlpha "
        + "CIAttributedTextImageGenerator CIAztecCodeGenerator CIBarcodeGenerator CIBarsSwipeTransition "
        + "CIBicubicScaleTransform CIBlendWithAlphaMask CIBlendWithBlueMask CIBlendWithMask CIBlendWithRedMask "
        + "CIBloom CIBlurredRectangleGenerator CIBlurredRoundedRectangleGenerator CIBokehBlur CIBoxBlur "
        + "CIBumpDistortion CIBumpDistortionLinear CICMYKHalftone CICameraCalibrationLensCorrection "
        + "CICannyEdgeDetector CICheckerboardGenerator CICircleSplashDistortion CICircularScreen CICircularWrap "
        + "CIClamp CICode128BarcodeGenerator CIColorAbsoluteDifference CIColorBlendMode CIColorBurnBlendMode "
        + "CIColorClamp CIColorControls CIColorCrossPolynomial CIColorCube CIColorCubeWithColorSpace "
        + "CIColorCubesMixedWithMask CIColorCurves CIColorDodgeBlendMode CIColorInvert CIColorMap CIColorMatrix "
        + "CIColorMonochrome CIColorPolynomial CIColorPosterize CIColorThreshold CIColorThresholdOtsu CIColumnAverage "
        + "CIComicEffect CIConstantColorGenerator CIConvertLabToRGB CIConvertRGBtoLab CIConvolution3X3 "
        + "CIConvolution5X5 CIConvolution7X7 CIConvolution9Horizontal CIConvolution9Vertical CICopyMachineTransition "
        + "CICoreMLModelFilter CICrop CICrystallize CIDarkenBlendMode CIDepthBlurEffect CIDepthOfField "
        + "CIDepthToDisparity CIDifferenceBlendMode CIDiscBlur CIDisintegrateWithMaskTransition CIDisparityToDepth "
        + "CIDisplacementDistortion CIDissolveTransition CIDistanceGradientFromRedMask CIDither CIDivideBlendMode "
        + "CIDocumentEnhancer CIDotScreen CIDroste CIEdgePreserveUpsampleFilter CIEdgeWork CIEdges "
        + "CIEightfoldReflectedTile CIExclusionBlendMode CIExposureAdjust CIFalseColor CIFlashTransition "
        + "CIFourfoldReflectedTile CIFourfoldRotatedTile CIFourfoldTranslatedTile CIGaborGradients CIGammaAdjust "
        + "CIGaussianBlur CIGaussianGradient CIGlassDistortion CIGlassLozenge CIGlideReflectedTile CIGloom "
        + "CIGuidedFilter CIHardLightBlendMode CIHatchedScreen CIHeightFieldFromMask CIHexagonalPixellate "
        + "CIHighlightShadowAdjust CIHistogramDisplayFilter CIHoleDistortion CIHueAdjust CIHueBlendMode "
        + "CIHueSaturationValueGradient CIKMeans CIKaleidoscope CIKeystoneCorrectionCombined "
        + "CIKeystoneCorrectionHorizontal CIKeystoneCorrectionVertical CILabDeltaE CILanczosScaleTransform "
        + "CILenticularHaloGenerator CILightTunnel CILightenBlendMode CILineOverlay CILineScreen "
        + "CILinearBurnBlendMode CILinearDodgeBlendMode CILinearGradient CILinearToSRGBToneCurve "
        + "CILuminosityBlendMode CIMaskToAlpha CIMaskedVariableBlur CIMaximumComponent CIMaximumCompositing "
        + "CIMaximumScaleTransform CIMedianFilter CIMeshGenerator CIMinimumComponent CIMinimumCompositing CIMix "
        + "CIModTransition CIMorphologyGradient CIMorphologyMaximum CIMorphologyMinimum CIMorphologyRectangleMaximum "
        + "CIMorphologyRectangleMinimum CIMotionBlur CIMultiplyBlendMode CIMultiplyCompositing CINinePartStretched "
        + "CINinePartTiled CINoiseReduction CIOpTile CIOverlayBlendMode CIPDF417BarcodeGenerator CIPageCurlTransition "
        + "CIPageCurlWithShadowTransition CIPaletteCentroid CIPalettize CIParallelogramTile CIPersonSegmentation "
        + "CIPerspectiveCorrection CIPerspectiveRotate CIPerspectiveTile CIPerspectiveTransform "
        + "CIPerspectiveTransformWithExtent CIPhotoEffectChrome CIPhotoEffectFade CIPhotoEffectInstant "
        + "CIPhotoEffectMono CIPhotoEffectNoir CIPhotoEffectProcess CIPhotoEffectTonal CIPhotoEffectTransfer "
        + "CIPinLightBlendMode CIPinchDistortion CIPixellate CIPointillize CIQRCodeGenerator CIRadialGradient "
        + "CIRandomGenerator CIRippleTransition CIRoundedQRCodeGenerator CIRoundedRectangleGenerator "
        + "CIRoundedRectangleStrokeGenerator CIRowAverage CISRGBToneCurveToLinear CISaliencyMapFilter CISampleNearest "
        + "CISaturationBlendMode CIScreenBlendMode CISepiaTone CIShadedMaterial CISharpenLuminance "
        + "CISignedDistanceGradientFromRedMask CISixfoldReflectedTile CISixfoldRotatedTile CISmoothLinearGradient "
        + "CISobelGradients CISoftLightBlendMode CISourceAtopCompositing CISourceInCompositing CISourceOutCompositing "
        + "CISourceOverCompositing CISpotColor CISpotLight CIStarShineGenerator CIStraightenFilter CIStretchCrop "
        + "CIStripesGenerator CISubtractBlendMode CISunbeamsGenerator CISwipeTransition CISystemToneMap "
        + "CITemperatureAndTint CITextImageGenerator CIThermal CIToneCurve CIToneMapHeadroom CITorusLensDistortion "
        + "CITriangleKaleidoscope CITriangleTile CITwelvefoldReflectedTile CITwirlDistortion CIUnsharpMask CIVibrance "
        + "CIVignette CIVignetteEffect CIVortexDistortion CIWhitePointAdjust CIXRay CIZoomBlur"
    ).split(separator: " ").map(String.init)

    static let withoutOutput = Set(FilterCases.withoutOutput.map { "CI" + $0.prefix(1).uppercased() + $0.dropFirst() })

    /// The photo every filter is applied to, and a second one for inputs that take another image (backgrounds,
    /// targets, masks, textures, palettes, shading and displacement maps).
    static let photo = DetectorPhotos.image("astronaut")
    static let second = DetectorPhotos.image("coffee")

    static var requiredValues: [String: Any] {
        // "Hi": the 19 data codewords of a version 1 symbol at level L.
        let payload = QRCodeAndRectangleDetectorTests.byteModePayload("Hi", codewords: 19)
        let descriptor = CIQRCodeDescriptor(payload: payload, symbolVersion: 1, maskPattern: 0, errorCorrectionLevel: .levelL)!
        return ["inputMessage": Data("https://example.org/photos".utf8),
                "inputText": NSAttributedString(string: "Photos on Linux"),
                "inputBarcodeDescriptor": descriptor,
                "inputMesh": [CIVector(x: 10, y: 10, z: 300, w: 200), CIVector(x: 300, y: 200, z: 500, w: 20)]]
    }

    @Test func theListIsApplesCount() {
        #expect(Self.appleNames.count == 239)
        #expect(Set(Self.appleNames).count == Self.appleNames.count)
    }

    @Test func everyNameIsBuiltIn() {
        let listed = Set(CIFilter.filterNames(inCategory: kCICategoryBuiltIn))
        let missing = Self.appleNames.filter { !listed.contains($0) }
        #expect(missing.isEmpty, "not listed in kCICategoryBuiltIn: \(missing)")
    }

    @Test(arguments: appleNames) func describesItselfAndStartsAtItsDefaults(_ name: String) throws {
        let filter = try #require(CIFilter(name: name), "\(name) is not made by name")
        let attributes = filter.attributes
        #expect(attributes[kCIAttributeFilterName] as? String == name)
        #expect((attributes[kCIAttributeFilterDisplayName] as? String)?.isEmpty == false, "\(name): no display name")
        let categories = attributes[kCIAttributeFilterCategories] as? [String] ?? []
        #expect(categories.contains(kCICategoryBuiltIn), "\(name): categories \(categories)")
        for key in filter.inputKeys {
            let description = try #require(attributes[key] as? [String: Any], "\(name): no attributes for \(key)")
            #expect(description[kCIAttributeClass] as? String != nil, "\(name).\(key): no class")
            guard let value = description[kCIAttributeDefault] as? NSNumber else { continue }
            let number = value.doubleValue
            if let minimum = (description[kCIAttributeMin] as? NSNumber)?.doubleValue {
                #expect(number >= minimum, "\(name).\(key): default \(number) below its minimum \(minimum)")
            }
            if let maximum = (description[kCIAttributeMax] as? NSNumber)?.doubleValue {
                #expect(number <= maximum, "\(name).\(key): default \(number) above its maximum \(maximum)")
            }
            if let current = filter.value(forKey: key) as? NSNumber {
                #expect(current.doubleValue == number, "\(name).\(key): starts at \(current), default \(number)")
            }
        }
    }

    @Test(arguments: appleNames) func rendersAtItsDefaultsOnAPhoto(_ name: String) throws {
        let filter = try #require(CIFilter(name: name))
        for key in filter.inputKeys {
            guard let description = filter.attributes[key] as? [String: Any],
                  description[kCIAttributeClass] as? String == "CIImage" else { continue }
            filter.setValue(key == kCIInputImageKey ? Self.photo : Self.second, forKey: key)
        }
        // Inputs that have no default on Apple platforms either (a barcode's message, an attributed string): the
        // filter gives nil without them, there as here.
        for (key, value) in Self.requiredValues where filter.inputKeys.contains(key) && filter.value(forKey: key) == nil {
            filter.setValue(key == "inputText" && !name.contains("Attributed") ? "Photos on Linux" : value, forKey: key)
        }
        // A palette is a row of colours: the photo's own, by CIKMeans (as Apple's documentation pairs them).
        if filter.inputKeys.contains("inputPaletteImage") {
            let palette = CIFilter(name: "CIKMeans", parameters: [kCIInputImageKey: Self.second, kCIInputExtentKey: CIVector(cgRect: Self.second.extent)])!
            filter.setValue(try #require(palette.outputImage).settingAlphaOne(in: CGRect(x: 0, y: 0, width: 8, height: 1)), forKey: "inputPaletteImage")
        }
        guard !Self.withoutOutput.contains(name) else {
            #expect(filter.outputImage == nil, "\(name) needs Apple-only machinery and documents a nil output")
            return
        }
        let output = try #require(filter.outputImage, "\(name) gives no output at its defaults")
        // Generators and tiles are infinite: render the photo's rectangle of them (or the output, when smaller).
        let extent = output.extent.isInfinite ? Self.photo.extent : output.extent
        try #require(!extent.isEmpty && !extent.isNull, "\(name): empty extent \(extent)")
        let region = CGRect(x: extent.minX, y: extent.minY, width: min(extent.width, 512), height: min(extent.height, 512)).integral
        let width = Int(region.width), height = Int(region.height)
        var pixels = [Float](repeating: .nan, count: width * height * 4)
        let context = CIContext()
        pixels.withUnsafeMutableBytes { raw in
            context.render(output, toBitmap: raw.baseAddress!, rowBytes: width * 16, bounds: region, format: .RGBAf,
                           colorSpace: CGColorSpace(name: CGColorSpace.extendedLinearSRGB))
        }
        let notFinite = pixels.filter { !$0.isFinite }.count
        #expect(notFinite == 0, "\(name): \(notFinite) of \(pixels.count) values are not finite")
    }
}
