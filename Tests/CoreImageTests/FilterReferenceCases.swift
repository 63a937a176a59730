import Foundation
import CoreImage

/// One filter check: the image a filter produces, the region rendered and the tolerance against the numpy
/// reference of the same name in `ReferenceValues` (see `References/reference.py` for the inputs and maths).
struct FilterCase: CustomStringConvertible, Sendable {
    let name: String
    let region: CGRect
    /// Largest allowed |engine − reference| per component (premultiplied linear values, about 0…1).
    let tolerance: Float
    let make: @Sendable () -> CIImage?
    var description: String { name }
}

enum FilterCases {
    static let small = CGRect(x: 0, y: 0, width: 4, height: 3)
    static let medium = CGRect(x: 0, y: 0, width: 12, height: 10)

    /// `name` applied to the 4×3 pattern with parameters.
    static func color(_ reference: String, _ filter: String, _ parameters: [String: any Sendable] = [:], tolerance: Float = 2e-5) -> FilterCase {
        FilterCase(name: reference, region: small, tolerance: tolerance) {
            TestImages.patternImage(width: 4, height: 3).applyingFilter(filter, parameters: parameters)
        }
    }

    /// `name` applied to the 12×10 pattern with parameters.
    static func area(_ reference: String, _ filter: String, _ parameters: [String: any Sendable] = [:], region: CGRect = medium,
                     tolerance: Float = 3e-5, clamp: Bool = false) -> FilterCase {
        FilterCase(name: reference, region: region, tolerance: tolerance) {
            let image = TestImages.patternImage(width: 12, height: 10)
            return image.applyingFilter(filter, parameters: parameters)
        }
    }

    static var perPixel: [FilterCase] {
        [
            color("exposureAdjust", "CIExposureAdjust", [kCIInputEVKey: 0.7]),
            color("sepiaTone", "CISepiaTone", [kCIInputIntensityKey: 0.7]),
            color("colorControls", "CIColorControls", [kCIInputSaturationKey: 1.3, kCIInputBrightnessKey: 0.05, kCIInputContrastKey: 1.2]),
            color("gammaAdjust", "CIGammaAdjust", ["inputPower": 0.8], tolerance: 5e-5),
            color("hueAdjust", "CIHueAdjust", [kCIInputAngleKey: 0.9]),
            color("whitePointAdjust", "CIWhitePointAdjust", [kCIInputColorKey: CIColor(red: 0.9, green: 0.8, blue: 1.0)]),
            color("colorMatrix", "CIColorMatrix", ["inputRVector": CIVector(x: 0.9, y: 0.1, z: 0, w: 0), "inputGVector": CIVector(x: 0, y: 0.8, z: 0.2, w: 0),
                                                   "inputBVector": CIVector(x: 0.1, y: 0, z: 0.9, w: 0), "inputBiasVector": CIVector(x: 0.01, y: 0.02, z: 0.03, w: 0)]),
            color("colorClamp", "CIColorClamp", ["inputMinComponents": CIVector(x: 0.05, y: 0.1, z: 0.02, w: 0), "inputMaxComponents": CIVector(x: 0.6, y: 0.7, z: 0.8, w: 1)]),
            color("vibrance", "CIVibrance", [kCIInputAmountKey: 0.6]),
            color("toneCurve", "CIToneCurve", ["inputPoint0": CIVector(x: 0, y: 0.05), "inputPoint1": CIVector(x: 0.25, y: 0.2), "inputPoint2": CIVector(x: 0.5, y: 0.55),
                                               "inputPoint3": CIVector(x: 0.75, y: 0.8), "inputPoint4": CIVector(x: 1, y: 0.95)], tolerance: 1e-4),
            color("temperatureAndTint", "CITemperatureAndTint", ["inputNeutral": CIVector(x: 5000, y: 20), "inputTargetNeutral": CIVector(x: 6500, y: 0)], tolerance: 5e-5),
            color("highlightShadowAdjust", "CIHighlightShadowAdjust", ["inputShadowAmount": 0.5, "inputHighlightAmount": 0.7]),
            color("linearToSRGBToneCurve", "CILinearToSRGBToneCurve", tolerance: 1e-4),
            color("sRGBToneCurveToLinear", "CISRGBToneCurveToLinear", tolerance: 1e-4),
            color("colorInvert", "CIColorInvert"),
            color("colorMonochrome", "CIColorMonochrome", [kCIInputColorKey: CIColor(red: 0.6, green: 0.45, blue: 0.3), kCIInputIntensityKey: 0.8]),
            color("colorPosterize", "CIColorPosterize", ["inputLevels": 5], tolerance: 1e-4),
            color("falseColor", "CIFalseColor"),
            color("maskToAlpha", "CIMaskToAlpha"),
            color("colorCube", "CIColorCube", ["inputCubeDimension": 2, "inputCubeData": ReferenceInputs.rotatingCube]),
            color("colorCubeWithColorSpace", "CIColorCubeWithColorSpace", ["inputCubeDimension": 2, "inputCubeData": ReferenceInputs.rotatingCube,
                                                                          "inputColorSpace": CGColorSpace(name: CGColorSpace.displayP3)!], tolerance: 3e-4),
            color("photoEffectMono", "CIPhotoEffectMono", tolerance: 3e-4),
            color("photoEffectNoir", "CIPhotoEffectNoir", tolerance: 3e-4),
            color("photoEffectTonal", "CIPhotoEffectTonal", tolerance: 3e-4),
            color("photoEffectChrome", "CIPhotoEffectChrome", tolerance: 3e-4),
            color("photoEffectFade", "CIPhotoEffectFade", tolerance: 3e-4),
            color("photoEffectInstant", "CIPhotoEffectInstant", tolerance: 3e-4),
            color("photoEffectProcess", "CIPhotoEffectProcess", tolerance: 3e-4),
            color("photoEffectTransfer", "CIPhotoEffectTransfer", tolerance: 3e-4),
            color("vignette", "CIVignette", [kCIInputIntensityKey: 0.8, kCIInputRadiusKey: 1.2]),
            area("vignetteWide", "CIVignette", [kCIInputIntensityKey: 0.7, kCIInputRadiusKey: 1.5]),
            color("maximumComponent", "CIMaximumComponent"),
            color("minimumComponent", "CIMinimumComponent"),
            color("colorPolynomial", "CIColorPolynomial", ["inputRedCoefficients": CIVector(x: 0.05, y: 0.9, z: 0.3, w: -0.2),
                                                           "inputGreenCoefficients": CIVector(x: 0, y: 1.2, z: -0.4, w: 0.1),
                                                           "inputBlueCoefficients": CIVector(x: 0.1, y: 0.5, z: 0.5, w: 0),
                                                           "inputAlphaCoefficients": CIVector(x: 0.1, y: 0.8, z: 0, w: 0)]),
            color("colorCrossPolynomial", "CIColorCrossPolynomial", [
                "inputRedCoefficients": CIVector(values: [0.8, 0.1, 0.05, 0.2, -0.1, 0, 0.3, 0, -0.2, 0.02], count: 10),
                "inputGreenCoefficients": CIVector(values: [0, 0.9, 0.1, 0, 0.2, -0.1, 0, 0.25, 0, 0.01], count: 10),
                "inputBlueCoefficients": CIVector(values: [0.1, 0, 0.7, -0.05, 0, 0.3, 0.1, 0, 0.15, 0], count: 10)]),
            color("colorThreshold", "CIColorThreshold", ["inputThreshold": 0.3], tolerance: 0),
            color("vignetteEffect", "CIVignetteEffect", [kCIInputCenterKey: CIVector(x: 1.5, y: 1), kCIInputRadiusKey: 2, kCIInputIntensityKey: 0.9, "inputFalloff": 0.5]),
        ]
    }

    static var compositing: [FilterCase] {
        let names = ["SourceOverCompositing", "SourceAtopCompositing", "SourceInCompositing", "SourceOutCompositing", "AdditionCompositing",
                     "MultiplyCompositing", "MinimumCompositing", "MaximumCompositing", "MultiplyBlendMode", "ScreenBlendMode", "OverlayBlendMode",
                     "DarkenBlendMode", "LightenBlendMode", "ColorDodgeBlendMode", "ColorBurnBlendMode", "HardLightBlendMode", "SoftLightBlendMode",
                     "DifferenceBlendMode", "ExclusionBlendMode", "SubtractBlendMode", "DivideBlendMode", "LinearBurnBlendMode", "LinearDodgeBlendMode",
                     "PinLightBlendMode", "HueBlendMode", "SaturationBlendMode", "ColorBlendMode", "LuminosityBlendMode"]
        let blends = names.map { name in
            FilterCase(name: name.prefix(1).lowercased() + name.dropFirst(), region: small, tolerance: 3e-5) {
                TestImages.alphaPattern(seed: 0).applyingFilter("CI" + name, parameters: [kCIInputBackgroundImageKey: TestImages.alphaPattern(seed: 1)])
            }
        }
        let masks = ["BlendWithMask", "BlendWithRedMask", "BlendWithBlueMask", "BlendWithAlphaMask"].map { name in
            FilterCase(name: name.prefix(1).lowercased() + name.dropFirst(), region: small, tolerance: 2e-5) {
                TestImages.alphaPattern(seed: 0).applyingFilter("CI" + name, parameters: [
                    kCIInputBackgroundImageKey: TestImages.alphaPattern(seed: 1), kCIInputMaskImageKey: TestImages.patternImage(width: 4, height: 3)])
            }
        }
        let pairs = [
            FilterCase(name: "colorAbsoluteDifference", region: small, tolerance: 3e-5) {
                TestImages.alphaPattern(seed: 0).applyingFilter("CIColorAbsoluteDifference", parameters: ["inputImage2": TestImages.alphaPattern(seed: 1)])
            },
            FilterCase(name: "mix", region: small, tolerance: 2e-5) {
                TestImages.alphaPattern(seed: 0).applyingFilter("CIMix", parameters: [kCIInputBackgroundImageKey: TestImages.alphaPattern(seed: 1), kCIInputAmountKey: 0.3])
            },
        ]
        let more = [
            FilterCase(name: "dissolveTransition", region: small, tolerance: 2e-5) {
                TestImages.alphaPattern(seed: 0).applyingFilter("CIDissolveTransition", parameters: ["inputTargetImage": TestImages.alphaPattern(seed: 1), kCIInputTimeKey: 0.35])
            },
            FilterCase(name: "colorMap", region: small, tolerance: 2e-5) {
                TestImages.patternImage(width: 4, height: 3).applyingFilter("CIColorMap", parameters: ["inputGradientImage": TestImages.alphaPattern(width: 5, height: 1, seed: 2)])
            },
            FilterCase(name: "colorCubesMixedWithMask", region: small, tolerance: 3e-5) {
                TestImages.patternImage(width: 4, height: 3).applyingFilter("CIColorCubesMixedWithMask", parameters: [
                    kCIInputMaskImageKey: TestImages.alphaPattern(seed: 1), "inputCubeDimension": 2,
                    "inputCube0Data": ReferenceInputs.rotatingCube, "inputCube1Data": ColorCubeIdentity.data])
            },
        ]
        let swipes = [
            FilterCase(name: "swipeTransition", region: medium, tolerance: 2e-5) {
                TestImages.patternImage(width: 12, height: 10).applyingFilter("CISwipeTransition", parameters: [
                    "inputTargetImage": TestImages.alphaPattern(width: 12, height: 10, seed: 1), kCIInputExtentKey: CIVector(cgRect: CGRect(x: 1, y: 2, width: 9, height: 6)),
                    kCIInputAngleKey: 0.6, kCIInputWidthKey: 3, kCIInputTimeKey: 0.45, kCIInputColorKey: CIColor(red: 0.2, green: 0.7, blue: 0.4), "inputOpacity": 0.4])
            },
            FilterCase(name: "barsSwipeTransition", region: medium, tolerance: 1e-6) {
                TestImages.patternImage(width: 12, height: 10).applyingFilter("CIBarsSwipeTransition", parameters: [
                    "inputTargetImage": TestImages.alphaPattern(width: 12, height: 10, seed: 1), kCIInputAngleKey: 0.7, kCIInputWidthKey: 3,
                    "inputBarOffset": 4, kCIInputTimeKey: 0.4])
            },
        ]
        return blends + masks + pairs + more + swipes
    }

    static var generators: [FilterCase] {
        let region = CGRect(x: 0, y: 0, width: 6, height: 4)
        let colors: [String: any Sendable] = ["inputColor0": CIColor(red: 1, green: 0.5, blue: 0.2), "inputColor1": CIColor(red: 0, green: 0.2, blue: 0.6)]
        func generator(_ reference: String, _ filter: String, _ parameters: [String: any Sendable], region: CGRect = region) -> FilterCase {
            FilterCase(name: reference, region: region, tolerance: 2e-5) { CIFilter(name: filter, parameters: parameters)?.outputImage }
        }
        return [
            generator("radialGradient", "CIRadialGradient", colors.merging([kCIInputCenterKey: CIVector(x: 3, y: 2), "inputRadius0": 0.5, "inputRadius1": 3]) { a, _ in a }),
            generator("linearGradient", "CILinearGradient", colors.merging(["inputPoint0": CIVector(x: 0, y: 0), "inputPoint1": CIVector(x: 6, y: 4)]) { a, _ in a }),
            generator("smoothLinearGradient", "CISmoothLinearGradient", colors.merging(["inputPoint0": CIVector(x: 0, y: 0), "inputPoint1": CIVector(x: 6, y: 4)]) { a, _ in a }),
            generator("checkerboardGenerator", "CICheckerboardGenerator", [kCIInputCenterKey: CIVector(x: 1, y: 1), kCIInputWidthKey: 2, kCIInputSharpnessKey: 1]),
            generator("checkerboardGeneratorSoft", "CICheckerboardGenerator", [kCIInputCenterKey: CIVector(x: 1, y: 1), kCIInputWidthKey: 2, kCIInputSharpnessKey: 0.5]),
            generator("constantColorGenerator", "CIConstantColorGenerator", [kCIInputColorKey: CIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)]),
            generator("stripesGenerator", "CIStripesGenerator", colors.merging([kCIInputCenterKey: CIVector(x: 1, y: 1), kCIInputWidthKey: 2, kCIInputSharpnessKey: 1]) { a, _ in a }),
            generator("stripesGeneratorSoft", "CIStripesGenerator", colors.merging([kCIInputCenterKey: CIVector(x: 1, y: 1), kCIInputWidthKey: 2, kCIInputSharpnessKey: 0.5]) { a, _ in a }),
            generator("randomGenerator", "CIRandomGenerator", [:], region: CGRect(x: -3, y: -2, width: 6, height: 4)),
            generator("roundedRectangleGenerator", "CIRoundedRectangleGenerator", [
                kCIInputExtentKey: CIVector(cgRect: CGRect(x: 0.5, y: 1, width: 9, height: 6)), kCIInputRadiusKey: 2.5,
                kCIInputColorKey: CIColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.8)], region: CGRect(x: 0, y: 0, width: 11, height: 8)),
            generator("blurredRectangleGenerator", "CIBlurredRectangleGenerator", [
                kCIInputExtentKey: CIVector(cgRect: CGRect(x: 2, y: 1.5, width: 5, height: 3)), "inputSigma": 1.2,
                kCIInputColorKey: CIColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.7)], region: CGRect(x: -3, y: -3, width: 14, height: 12)),
            generator("gaussianGradient", "CIGaussianGradient", colors.merging([kCIInputCenterKey: CIVector(x: 3, y: 2), kCIInputRadiusKey: 6]) { a, _ in a }),
            generator("hueSaturationValueGradient", "CIHueSaturationValueGradient", [kCIInputRadiusKey: 3, "inputValue": 0.8, "inputSoftness": 1, "inputDither": 0],
                      region: CGRect(x: -3, y: -3, width: 6, height: 6)),
        ]
    }

    static var neighbourhood: [FilterCase] {
        [
            area("gaussianBlur", "CIGaussianBlur", [kCIInputRadiusKey: 1.5]),
            area("boxBlur", "CIBoxBlur", [kCIInputRadiusKey: 2]),
            area("discBlur", "CIDiscBlur", [kCIInputRadiusKey: 2.5]),
            area("motionBlur", "CIMotionBlur", [kCIInputRadiusKey: 3, kCIInputAngleKey: 0.5]),
            FilterCase(name: "maskedVariableBlur", region: medium, tolerance: 3e-5) {
                let mask = CIFilter(name: "CILinearGradient", parameters: ["inputPoint0": CIVector(x: 0, y: 0), "inputPoint1": CIVector(x: 12, y: 0),
                                                                           "inputColor0": CIColor.black, "inputColor1": CIColor.white])!.outputImage!
                return TestImages.patternImage(width: 12, height: 10).applyingFilter("CIMaskedVariableBlur", parameters: ["inputMask": mask, kCIInputRadiusKey: 4])
            },
            area("unsharpMask", "CIUnsharpMask", [kCIInputRadiusKey: 1.5, kCIInputIntensityKey: 0.8]),
            area("sharpenLuminance", "CISharpenLuminance", [kCIInputSharpnessKey: 0.6, kCIInputRadiusKey: 1.2]),
            area("noiseReduction", "CINoiseReduction", ["inputNoiseLevel": 0.03, kCIInputSharpnessKey: 0.5]),
            area("highlightShadowAdjustRadius", "CIHighlightShadowAdjust", [kCIInputRadiusKey: 2, "inputShadowAmount": 0.5, "inputHighlightAmount": 0.7]),
        ]
    }

    /// `n` asymmetric, sign-mixed weights: w_i = ((7i + 3) mod 11 − 4) / (2.5 n) (reference.py's `convolution_weights`).
    static func convolutionWeights(_ n: Int) -> CIVector {
        CIVector(values: (0..<n).map { CGFloat((7 * $0 + 3) % 11 - 4) / (2.5 * CGFloat(n)) }, count: n)
    }

    /// Convolutions (bias 0.02, rendered with the ring their extent grows by) and morphology on the 12×10 pattern.
    static var convolutionAndMorphology: [FilterCase] {
        let shapes: [(name: String, width: Int, height: Int)] = [("Convolution3X3", 3, 3), ("Convolution5X5", 5, 5), ("Convolution7X7", 7, 7),
                                                                 ("Convolution9Horizontal", 9, 1), ("Convolution9Vertical", 1, 9)]
        let convolutions: [FilterCase] = shapes.map { shape in
            let rx = shape.width / 2, ry = shape.height / 2
            let reference = shape.name.prefix(1).lowercased() + shape.name.dropFirst()
            let parameters: [String: any Sendable] = [kCIInputWeightsKey: convolutionWeights(shape.width * shape.height), kCIInputBiasKey: 0.02]
            let region = CGRect(x: -rx, y: -ry, width: 12 + 2 * rx, height: 10 + 2 * ry)
            return area(reference, "CI" + shape.name, parameters, region: region, tolerance: 2e-5)
        }
        let ring = CGRect(x: -2, y: -2, width: 16, height: 14)
        return convolutions + [
            area("morphologyMaximum", "CIMorphologyMaximum", [kCIInputRadiusKey: 2.5], region: ring, tolerance: 1e-6),
            area("morphologyMinimum", "CIMorphologyMinimum", [kCIInputRadiusKey: 2.5], region: ring, tolerance: 1e-6),
            area("morphologyGradient", "CIMorphologyGradient", [kCIInputRadiusKey: 2], region: ring, tolerance: 1e-6),
            area("morphologyRectangleMaximum", "CIMorphologyRectangleMaximum", [kCIInputWidthKey: 4, "inputHeight": 3],
                 region: CGRect(x: -2, y: -1, width: 16, height: 12), tolerance: 1e-6),
            area("morphologyRectangleMinimum", "CIMorphologyRectangleMinimum", [kCIInputWidthKey: 3, "inputHeight": 6],
                 region: CGRect(x: -1, y: -3, width: 14, height: 16), tolerance: 1e-6),
        ]
    }

    /// Tile effects on the 12×10 pattern, rendered over (−2, −2, 16, 14) (inside and around the input, so the
    /// repetition beyond the input's extent is checked): centre (6, 5), width 5, angle 0.3, acute angle 1.2.
    /// Tolerance 5e-5: float32 bilinear sampling against float64 (positions are folded in double precision).
    static var tileEffects: [FilterCase] {
        let region = CGRect(x: -2, y: -2, width: 16, height: 14)
        let lattice: [String: any Sendable] = [kCIInputCenterKey: CIVector(x: 6, y: 5), kCIInputWidthKey: 5, kCIInputAngleKey: 0.3]
        var skewed = lattice
        skewed["inputAcuteAngle"] = 1.2
        let c = 0.8 * cos(0.3), s = 0.8 * sin(0.3)
        return ["FourfoldTranslatedTile", "FourfoldReflectedTile", "ParallelogramTile"].map {
            area($0.prefix(1).lowercased() + $0.dropFirst(), "CI" + $0, skewed, region: region, tolerance: 5e-5)
        } + ["FourfoldRotatedTile", "EightfoldReflectedTile", "GlideReflectedTile", "TriangleTile", "SixfoldRotatedTile",
             "SixfoldReflectedTile", "TwelvefoldReflectedTile"].map {
            area($0.prefix(1).lowercased() + $0.dropFirst(), "CI" + $0, lattice, region: region, tolerance: 5e-5)
        } + [
            area("kaleidoscope", "CIKaleidoscope", ["inputCount": 3, kCIInputCenterKey: CIVector(x: 6, y: 5), kCIInputAngleKey: 0.4],
                 region: region, tolerance: 5e-5),
            area("affineTile", "CIAffineTile", [kCIInputTransformKey: CIVector(cgAffineTransform: CGAffineTransform(a: c, b: s, c: -s, d: c, tx: 1, ty: 2))],
                 region: region, tolerance: 5e-5),
            area("perspectiveTile", "CIPerspectiveTile", ["inputTopLeft": CIVector(x: 2, y: 8), "inputTopRight": CIVector(x: 8, y: 7),
                                                          "inputBottomRight": CIVector(x: 9, y: 2), "inputBottomLeft": CIVector(x: 1, y: 1)],
                 region: region, tolerance: 1e-4),
            area("triangleKaleidoscope", "CITriangleKaleidoscope", ["inputPoint": CIVector(x: 6, y: 5), "inputSize": 6, "inputRotation": 0.3, "inputDecay": 0.5],
                 region: region, tolerance: 5e-5),
            area("opTile", "CIOpTile", [kCIInputCenterKey: CIVector(x: 6, y: 5), kCIInputWidthKey: 5, kCIInputAngleKey: 0.3, kCIInputScaleKey: 1.6],
                 region: region, tolerance: 5e-5),
        ]
    }

    /// Circular distortions of the 12×10 pattern, rendered over (−2, −2, 16, 14): centre (6, 5), radius 5 (3 for
    /// the hole and the splash). Tolerance 5e-5: float32 bilinear sampling against float64.
    static var distortions: [FilterCase] {
        let region = CGRect(x: -2, y: -2, width: 16, height: 14)
        let disc: [String: any Sendable] = [kCIInputCenterKey: CIVector(x: 6, y: 5), kCIInputRadiusKey: 5]
        let small: [String: any Sendable] = [kCIInputCenterKey: CIVector(x: 6, y: 5), kCIInputRadiusKey: 3]
        return [
            area("twirlDistortion", "CITwirlDistortion", disc.merging([kCIInputAngleKey: 1.3]) { a, _ in a }, region: region, tolerance: 5e-5),
            area("vortexDistortion", "CIVortexDistortion", disc.merging([kCIInputAngleKey: 4]) { a, _ in a }, region: region, tolerance: 5e-5),
            area("pinchDistortion", "CIPinchDistortion", disc.merging([kCIInputScaleKey: 0.7]) { a, _ in a }, region: region, tolerance: 5e-5),
            area("bumpDistortion", "CIBumpDistortion", disc.merging([kCIInputScaleKey: 0.6]) { a, _ in a }, region: region, tolerance: 5e-5),
            area("holeDistortion", "CIHoleDistortion", small, region: region, tolerance: 5e-5),
            area("circleSplashDistortion", "CICircleSplashDistortion", small, region: region, tolerance: 5e-5),
        ]
    }

    /// Halftones (centre (5.3, 4.1), angle 0.4, width 4, sharpness 0.6; the circular screen width 3, sharpness
    /// 0.2) and hexagonal pixellation (centre (1.2, 0.7), scale 3) of the 12×10 pattern, and its row and
    /// column averages over (2, 1, 8, 6).
    static var halftonesAndLines: [FilterCase] {
        let screen: [String: any Sendable] = [kCIInputCenterKey: CIVector(x: 5.3, y: 4.1), kCIInputAngleKey: 0.4, kCIInputWidthKey: 4, kCIInputSharpnessKey: 0.6]
        let box = CIVector(cgRect: CGRect(x: 2, y: 1, width: 8, height: 6))
        return [
            area("dotScreen", "CIDotScreen", screen, tolerance: 5e-5),
            area("lineScreen", "CILineScreen", screen, tolerance: 5e-5),
            area("hatchedScreen", "CIHatchedScreen", screen, tolerance: 5e-5),
            area("circularScreen", "CICircularScreen", [kCIInputCenterKey: CIVector(x: 5.3, y: 4.1), kCIInputWidthKey: 3, kCIInputSharpnessKey: 0.2], tolerance: 5e-5),
            area("hexagonalPixellate", "CIHexagonalPixellate", [kCIInputCenterKey: CIVector(x: 1.2, y: 0.7), kCIInputScaleKey: 3], tolerance: 1e-6),
            area("rowAverage", "CIRowAverage", [kCIInputExtentKey: box], region: CGRect(x: 2, y: 1, width: 1, height: 6), tolerance: 1e-6),
            area("columnAverage", "CIColumnAverage", [kCIInputExtentKey: box], region: CGRect(x: 2, y: 1, width: 8, height: 1), tolerance: 1e-6),
        ]
    }

    /// `CIEdges` (intensity 1.5), `CIBloom` / `CIGloom` (radius 1.5, intensity 0.7) on the 12×10 pattern,
    /// `CILabDeltaE` between the two 4×3 alpha patterns, `CIBumpDistortionLinear` (centre (6, 5), radius 4,
    /// angle 0.5, scale 0.8) over (−2, −2, 16, 14); `CIMedianFilter` on the 12×10 pattern, the depth ⇄ disparity
    /// conversions of the 4×3 one lifted by 0.5 (so the reciprocals stay below 2), `CICircularWrap`
    /// (centre (6, 2), radius 3, angle 0.3) over its whole extent.
    static var stylizeMore: [FilterCase] {
        [
            area("edges", "CIEdges", [kCIInputIntensityKey: 1.5], tolerance: 3e-5),
            area("bloom", "CIBloom", [kCIInputRadiusKey: 1.5, kCIInputIntensityKey: 0.7], tolerance: 3e-5),
            area("gloom", "CIGloom", [kCIInputRadiusKey: 1.5, kCIInputIntensityKey: 0.7], tolerance: 3e-5),
            FilterCase(name: "labDeltaE", region: small, tolerance: 2e-3) {
                TestImages.alphaPattern(seed: 0).applyingFilter("CILabDeltaE", parameters: ["inputImage2": TestImages.alphaPattern(seed: 1)])
            },
            area("medianFilter", "CIMedianFilter", tolerance: 1e-6),
            area("crystallize", "CICrystallize", [kCIInputRadiusKey: 3, kCIInputCenterKey: CIVector(x: 1.3, y: 0.6)], tolerance: 1e-6),
            area("pointillize", "CIPointillize", [kCIInputRadiusKey: 1.6, kCIInputCenterKey: CIVector(x: 0.4, y: 1.1)], tolerance: 1e-6),
            FilterCase(name: "depthToDisparity", region: small, tolerance: 1e-5) {
                TestImages.patternImage(width: 4, height: 3).applyingFilter("CIColorMatrix", parameters: ["inputBiasVector": CIVector(x: 0.5, y: 0.5, z: 0.5, w: 0)])
                    .applyingFilter("CIDepthToDisparity")
            },
            FilterCase(name: "disparityToDepth", region: small, tolerance: 1e-5) {
                TestImages.patternImage(width: 4, height: 3).applyingFilter("CIColorMatrix", parameters: ["inputBiasVector": CIVector(x: 0.5, y: 0.5, z: 0.5, w: 0)])
                    .applyingFilter("CIDisparityToDepth")
            },
            area("circularWrap", "CICircularWrap", [kCIInputCenterKey: CIVector(x: 6, y: 2), kCIInputRadiusKey: 3, kCIInputAngleKey: 0.3],
                 region: CGRect(x: -2, y: -6, width: 16, height: 16), tolerance: 5e-5),
            area("bumpDistortionLinear", "CIBumpDistortionLinear", [kCIInputCenterKey: CIVector(x: 6, y: 5), kCIInputRadiusKey: 4,
                                                                    kCIInputAngleKey: 0.5, kCIInputScaleKey: 0.8],
                 region: CGRect(x: -2, y: -2, width: 16, height: 14), tolerance: 5e-5),
        ]
    }

    /// Filters whose reference is a decoder or an independent renderer rather than numbers (see
    /// `BarcodeGeneratorTests`, `BarcodeSymbologyTests`, `BarcodeDescriptorTests`, `TextGeneratorTests`).
    static let checkedByDecoding = ["qrCodeGenerator", "aztecCodeGenerator", "pdf417BarcodeGenerator", "code128BarcodeGenerator",
                                    "barcodeGenerator", "roundedQRCodeGenerator", "textImageGenerator", "attributedTextImageGenerator"]

    static var geometry: [FilterCase] {
        [
            area("affineTransform", "CIAffineTransform", [kCIInputTransformKey: CIVector(cgAffineTransform:
                CGAffineTransform(rotationAngle: 0.3).concatenating(CGAffineTransform(translationX: 2, y: 1)))], tolerance: 5e-5),
            area("lanczosScaleTransform", "CILanczosScaleTransform", [kCIInputScaleKey: 0.5, kCIInputAspectRatioKey: 1.5],
                 region: CGRect(x: 0, y: 0, width: 9, height: 5), tolerance: 5e-5),
            area("straightenFilter", "CIStraightenFilter", [kCIInputAngleKey: 0.2], tolerance: 5e-5),
            area("perspectiveCorrection", "CIPerspectiveCorrection", ["inputTopLeft": CIVector(x: 2, y: 8), "inputTopRight": CIVector(x: 10, y: 9),
                                                                      "inputBottomRight": CIVector(x: 11, y: 1), "inputBottomLeft": CIVector(x: 1, y: 2)],
                 region: CGRect(x: 1, y: 1, width: 10, height: 8), tolerance: 1e-4),
            area("ninePartStretched", "CINinePartStretched", ["inputBreakpoint0": CIVector(x: 3, y: 3), "inputBreakpoint1": CIVector(x: 6, y: 5),
                                                              "inputGrowAmount": CIVector(x: 4, y: 2)], region: CGRect(x: 0, y: 0, width: 16, height: 12), tolerance: 5e-5),
            area("ninePartTiled", "CINinePartTiled", ["inputBreakpoint0": CIVector(x: 3, y: 3), "inputBreakpoint1": CIVector(x: 6, y: 5),
                                                      "inputGrowAmount": CIVector(x: 4, y: 2), "inputFlipYTiles": true], region: CGRect(x: 0, y: 0, width: 16, height: 12), tolerance: 5e-5),
            FilterCase(name: "edgePreserveUpsampleFilter", region: CGRect(x: 0, y: 0, width: 12, height: 9), tolerance: 5e-5) {
                TestImages.patternImage(width: 12, height: 9).applyingFilter("CIEdgePreserveUpsampleFilter", parameters: [
                    "inputSmallImage": TestImages.patternImage(width: 4, height: 3), "inputSpatialSigma": 3, "inputLumaSigma": 0.15])
            },
            area("perspectiveTransform", "CIPerspectiveTransform", [
                "inputBottomLeft": CIVector(x: 1, y: 0), "inputBottomRight": CIVector(x: 13, y: 2),
                "inputTopRight": CIVector(x: 11, y: 12), "inputTopLeft": CIVector(x: -1, y: 9)],
                 region: CGRect(x: -2, y: -2, width: 18, height: 16), tolerance: 1e-4),
            area("perspectiveTransformWithExtent", "CIPerspectiveTransformWithExtent", [
                kCIInputExtentKey: CIVector(cgRect: CGRect(x: 2, y: 1, width: 8, height: 6)),
                "inputBottomLeft": CIVector(x: 1, y: 0), "inputBottomRight": CIVector(x: 13, y: 2),
                "inputTopRight": CIVector(x: 11, y: 12), "inputTopLeft": CIVector(x: -1, y: 9)],
                 region: CGRect(x: -2, y: -2, width: 18, height: 16), tolerance: 1e-4),
            area("crop", "CICrop", ["inputRectangle": CIVector(cgRect: CGRect(x: 2, y: 3, width: 5, height: 4))]),
            area("affineClamp", "CIAffineClamp", [kCIInputTransformKey: CIVector(cgAffineTransform: CGAffineTransform(scaleX: 1.5, y: 1.5))],
                 region: CGRect(x: -2, y: -2, width: 8, height: 6), tolerance: 5e-5),
            area("pixellate", "CIPixellate", [kCIInputCenterKey: CIVector(x: 1, y: 1), kCIInputScaleKey: 3]),
            area("areaAverage", "CIAreaAverage", [kCIInputExtentKey: CIVector(cgRect: CGRect(x: 2, y: 1, width: 8, height: 6))],
                 region: CGRect(x: 2, y: 1, width: 1, height: 1), tolerance: 1e-5),
            area("areaHistogram", "CIAreaHistogram", [kCIInputExtentKey: CIVector(cgRect: CGRect(x: 0, y: 0, width: 12, height: 10)), "inputCount": 8, kCIInputScaleKey: 1],
                 region: CGRect(x: 0, y: 0, width: 8, height: 1), tolerance: 1e-6),
        ]
    }
}

/// The identity 2³ cube (each corner its own colour).
enum ColorCubeIdentity {
    static let data: Data = {
        var values: [Float] = []
        for b in 0..<2 { for g in 0..<2 { for r in 0..<2 { values += [Float(r), Float(g), Float(b), 1] } } }
        return values.withUnsafeBytes { Data($0) }
    }()
}

enum ReferenceInputs {
    /// A 2³ cube mapping (r, g, b) to (g, b, r).
    static let rotatingCube: Data = {
        var values: [Float] = []
        for b in 0..<2 { for g in 0..<2 { for r in 0..<2 { values += [Float(g), Float(b), Float(r), 1] } } }
        return values.withUnsafeBytes { Data($0) }
    }()
}
