import Foundation

/// The catalogue, by family (every filter file adds itself to one of these lists).
extension FilterCatalog {
    static var colorAdjustment: [FilterDefinition] {
        [exposureAdjust, toneMapHeadroom, colorControls, gammaAdjust, hueAdjust, whitePointAdjust, colorMatrix, colorClamp, vibrance, toneCurve,
         temperatureAndTint, highlightShadowAdjust, linearToSRGBToneCurve, sRGBToneCurveToLinear, colorPolynomial, colorThreshold,
         colorAbsoluteDifference, depthToDisparity, disparityToDepth, colorThresholdOtsu, systemToneMap]
    }
    static var colorEffect: [FilterDefinition] {
        [sepiaTone, vignette, vignetteEffect, colorInvert, colorMonochrome, colorPosterize, falseColor, maskToAlpha, colorCube,
         colorCubeWithColorSpace, photoEffectMono, photoEffectNoir, photoEffectTonal, photoEffectChrome, photoEffectFade,
         photoEffectInstant, photoEffectProcess, photoEffectTransfer, maximumComponent, minimumComponent, colorCrossPolynomial,
         labDeltaE, colorMap, colorCubesMixedWithMask, thermal, xRay, convertRGBtoLab, convertLabToRGB, dither,
         colorCurves, palettize, paletteCentroid, documentEnhancer]
    }
    static var blurAndSharpen: [FilterDefinition] {
        [gaussianBlur, boxBlur, discBlur, motionBlur, maskedVariableBlur, noiseReduction, unsharpMask, sharpenLuminance,
         morphologyMaximum, morphologyMinimum, morphologyGradient, morphologyRectangleMaximum, morphologyRectangleMinimum,
         medianFilter, zoomBlur, bokehBlur, depthBlurEffect]
    }
    static var geometry: [FilterDefinition] {
        [affineTransform, crop, affineClamp, lanczosScaleTransform, straightenFilter, perspectiveCorrection, ninePartStretched,
         ninePartTiled, edgePreserveUpsampleFilter,
         perspectiveTransform, perspectiveTransformWithExtent, bicubicScaleTransform, maximumScaleTransform, clamp, sampleNearest,
         perspectiveRotate, keystoneCorrectionVertical, keystoneCorrectionHorizontal, keystoneCorrectionCombined]
    }
    static var compositing: [FilterDefinition] {
        [sourceOverCompositing, sourceAtopCompositing, sourceInCompositing, sourceOutCompositing, additionCompositing,
         multiplyCompositing, minimumCompositing, maximumCompositing, multiplyBlendMode, screenBlendMode, overlayBlendMode,
         darkenBlendMode, lightenBlendMode, colorDodgeBlendMode, colorBurnBlendMode, hardLightBlendMode, softLightBlendMode,
         differenceBlendMode, exclusionBlendMode, subtractBlendMode, divideBlendMode, linearBurnBlendMode, linearDodgeBlendMode,
         pinLightBlendMode, hueBlendMode, saturationBlendMode, colorBlendMode, luminosityBlendMode,
         blendWithMask, blendWithRedMask, blendWithBlueMask, blendWithAlphaMask]
    }
    static var generators: [FilterDefinition] {
        [constantColorGenerator, checkerboardGenerator, radialGradient, linearGradient, smoothLinearGradient, hueSaturationValueGradient,
         stripesGenerator, randomGenerator, roundedRectangleGenerator, blurredRectangleGenerator, qrCodeGenerator, gaussianGradient,
         sunbeamsGenerator, starShineGenerator, lenticularHaloGenerator, roundedRectangleStrokeGenerator,
         aztecCodeGenerator, pdf417BarcodeGenerator, code128BarcodeGenerator, barcodeGenerator, roundedQRCodeGenerator,
         textImageGenerator, attributedTextImageGenerator, distanceGradientFromRedMask, signedDistanceGradientFromRedMask,
         meshGenerator, blurredRoundedRectangleGenerator]
    }
    static var stylize: [FilterDefinition] {
        [pixellate, convolution3X3, convolution5X5, convolution7X7, convolution9Horizontal, convolution9Vertical, mix,
         hexagonalPixellate, edges, bloom, gloom, crystallize, pointillize, spotColor, depthOfField, spotLight, heightFieldFromMask, shadedMaterial,
         sobelGradients, gaborGradients, coreMLModelFilter, personSegmentation, saliencyMapFilter,
         lineOverlay, guidedFilter, comicEffect, edgeWork, cannyEdgeDetector]
    }
    static var distortions: [FilterDefinition] {
        [twirlDistortion, vortexDistortion, pinchDistortion, bumpDistortion, holeDistortion, circleSplashDistortion,
         bumpDistortionLinear, circularWrap, stretchCrop, lightTunnel, torusLensDistortion, glassLozenge, displacementDistortion,
         glassDistortion, cameraCalibrationLensCorrection, droste]
    }
    static var transitions: [FilterDefinition] {
        [dissolveTransition, swipeTransition, barsSwipeTransition, accordionFoldTransition, copyMachineTransition,
         disintegrateWithMaskTransition, flashTransition, modTransition, pageCurlTransition, pageCurlWithShadowTransition, rippleTransition]
    }
    static var halftones: [FilterDefinition] { [dotScreen, lineScreen, hatchedScreen, circularScreen, cmykHalftone] }
    static var reductions: [FilterDefinition] {
        [areaAverage, areaHistogram, rowAverage, columnAverage, areaMaximum, areaMinimum, areaMaximumAlpha, areaMinimumAlpha,
         areaMinMax, areaMinMaxRed, areaAverageMaximumRed, areaBoundsRed, areaLogarithmicHistogram, histogramDisplayFilter, kMeans]
    }
    static var tileEffects: [FilterDefinition] {
        [affineTile, fourfoldTranslatedTile, fourfoldReflectedTile, fourfoldRotatedTile, eightfoldReflectedTile, sixfoldReflectedTile,
         sixfoldRotatedTile, twelvefoldReflectedTile, glideReflectedTile, parallelogramTile, triangleTile, kaleidoscope, perspectiveTile,
         triangleKaleidoscope, opTile]
    }
}
