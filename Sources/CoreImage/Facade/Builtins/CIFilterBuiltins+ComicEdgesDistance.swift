import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), `CIComicEffect`, `CIEdgeWork`, `CICannyEdgeDetector`, the two distance gradients
// from a red mask and `CIToneMapHeadroom` (issue 19). Properties read
// and write the same store as `setValue(_:forKey:)`; each filter's behaviour is stated on its definition.

/// The properties of the `CIComicEffect` filter.
public protocol CIComicEffect: CIFilterProtocol {
    /// `inputImage`: the image to draw as a comic.
    var inputImage: CIImage? { get set }
}

/// `CIComicEffect` with typed properties.
final class ComicEffectBuiltinFilter: CIBuiltinFilter, CIComicEffect, @unchecked Sendable {
    init() { super.init(named: "CIComicEffect") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
}

/// The properties of the `CIEdgeWork` filter.
public protocol CIEdgeWork: CIFilterProtocol {
    /// `inputImage`: the image whose edges are cut.
    var inputImage: CIImage? { get set }
    /// `inputRadius`: the thickness of the edges.
    var radius: Float { get set }
}

/// `CIEdgeWork` with typed properties.
final class EdgeWorkBuiltinFilter: CIBuiltinFilter, CIEdgeWork, @unchecked Sendable {
    init() { super.init(named: "CIEdgeWork") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
}

/// The properties of the `CIDistanceGradientFromRedMask` filter.
public protocol CIDistanceGradientFromRedMask: CIFilterProtocol {
    /// `inputImage`: the image whose red channel (above 0.5) is the mask.
    var inputImage: CIImage? { get set }
    /// `inputMaximumDistance`: the distance normalised to 1.
    var maximumDistance: Float { get set }
}

/// `CIDistanceGradientFromRedMask` with typed properties.
final class DistanceGradientFromRedMaskBuiltinFilter: CIBuiltinFilter, CIDistanceGradientFromRedMask, @unchecked Sendable {
    init() { super.init(named: "CIDistanceGradientFromRedMask") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var maximumDistance: Float {
        get { float("inputMaximumDistance") }
        set { setValue(newValue, forKey: "inputMaximumDistance") }
    }
}

/// The properties of the `CISignedDistanceGradientFromRedMask` filter.
public protocol CISignedDistanceGradientFromRedMask: CIFilterProtocol {
    /// `inputImage`: the image whose red channel (above 0.5) is the mask.
    var inputImage: CIImage? { get set }
    /// `inputMaximumDistance`: the distance normalised to ±1.
    var maximumDistance: Float { get set }
}

/// `CISignedDistanceGradientFromRedMask` with typed properties.
final class SignedDistanceGradientFromRedMaskBuiltinFilter: CIBuiltinFilter, CISignedDistanceGradientFromRedMask, @unchecked Sendable {
    init() { super.init(named: "CISignedDistanceGradientFromRedMask") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var maximumDistance: Float {
        get { float("inputMaximumDistance") }
        set { setValue(newValue, forKey: "inputMaximumDistance") }
    }
}

/// The properties of the `CICannyEdgeDetector` filter.
public protocol CICannyEdgeDetector: CIFilterProtocol {
    /// `inputImage`: the image whose edges are found.
    var inputImage: CIImage? { get set }
    /// `inputGaussianSigma`: the blur applied first.
    var gaussianSigma: Float { get set }
    /// `inputPerceptual`: whether the luminance is sRGB-encoded before the gradient.
    var perceptual: Bool { get set }
    /// `inputThresholdHigh`: the gradient magnitude of an edge.
    var thresholdHigh: Float { get set }
    /// `inputThresholdLow`: the gradient magnitude of a candidate.
    var thresholdLow: Float { get set }
    /// `inputHysteresisPasses`: how many times candidates next to edges are promoted.
    var hysteresisPasses: Int { get set }
}

/// `CICannyEdgeDetector` with typed properties.
final class CannyEdgeDetectorBuiltinFilter: CIBuiltinFilter, CICannyEdgeDetector, @unchecked Sendable {
    init() { super.init(named: "CICannyEdgeDetector") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var gaussianSigma: Float {
        get { float("inputGaussianSigma") }
        set { setValue(newValue, forKey: "inputGaussianSigma") }
    }
    var perceptual: Bool {
        get { bool("inputPerceptual") }
        set { setValue(newValue, forKey: "inputPerceptual") }
    }
    var thresholdHigh: Float {
        get { float("inputThresholdHigh") }
        set { setValue(newValue, forKey: "inputThresholdHigh") }
    }
    var thresholdLow: Float {
        get { float("inputThresholdLow") }
        set { setValue(newValue, forKey: "inputThresholdLow") }
    }
    var hysteresisPasses: Int {
        get { int("inputHysteresisPasses") }
        set { setValue(newValue, forKey: "inputHysteresisPasses") }
    }
}

/// The properties of the `CIToneMapHeadroom` filter.
public protocol CIToneMapHeadroom: CIFilterProtocol {
    /// `inputImage`: the image to tone map.
    var inputImage: CIImage? { get set }
    /// `inputSourceHeadroom`: the headroom of the input (1…32).
    var sourceHeadroom: Float { get set }
    /// `inputTargetHeadroom`: the headroom of the output (1…32).
    var targetHeadroom: Float { get set }
}

/// `CIToneMapHeadroom` with typed properties.
final class ToneMapHeadroomBuiltinFilter: CIBuiltinFilter, CIToneMapHeadroom, @unchecked Sendable {
    init() { super.init(named: "CIToneMapHeadroom") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var sourceHeadroom: Float {
        get { float("inputSourceHeadroom") }
        set { setValue(newValue, forKey: "inputSourceHeadroom") }
    }
    var targetHeadroom: Float {
        get { float("inputTargetHeadroom") }
        set { setValue(newValue, forKey: "inputTargetHeadroom") }
    }
}

extension CIFilter {
    /// Simulates a comic book drawing by outlining edges and applying a color halftone effect.
    public static func comicEffect() -> CIFilter & CIComicEffect { ComicEffectBuiltinFilter() }
    /// Produces a stylized black-and-white rendition of an image that looks similar to a woodblock cutout.
    public static func edgeWork() -> CIFilter & CIEdgeWork { EdgeWorkBuiltinFilter() }
    /// Apply a global tone curve to an image that reduces colors from a source headroom value to a target headroom value.
    public static func toneMapHeadroom() -> CIFilter & CIToneMapHeadroom { ToneMapHeadroomBuiltinFilter() }
    /// Applies the Canny Edge Detection algorithm to an image.
    public static func cannyEdgeDetector() -> CIFilter & CICannyEdgeDetector { CannyEdgeDetectorBuiltinFilter() }
    /// Produces an infinite image where the red channel contains the distance in pixels from each pixel to the mask.
    public static func distanceGradientFromRedMask() -> CIFilter & CIDistanceGradientFromRedMask { DistanceGradientFromRedMaskBuiltinFilter() }
    /// Produces an infinite image where the red channel contains the signed distance (negative inside) to the mask's border.
    public static func signedDistanceGradientFromRedMask() -> CIFilter & CISignedDistanceGradientFromRedMask {
        SignedDistanceGradientFromRedMaskBuiltinFilter()
    }
}
