import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), `CILineOverlay` and `CIGuidedFilter` (issue 19). Properties read
// and write the same store as `setValue(_:forKey:)`; each filter's behaviour is stated on its definition.

/// The properties of the `CILineOverlay` filter.
public protocol CILineOverlay: CIFilterProtocol {
    /// `inputImage`: the image to sketch.
    var inputImage: CIImage? { get set }
    /// `inputNRNoiseLevel`: the noise removed before tracing edges.
    var nrNoiseLevel: Float { get set }
    /// `inputNRSharpness`: the sharpening done while removing noise.
    var nrSharpness: Float { get set }
    /// `inputEdgeIntensity`: the weight of the Sobel gradients.
    var edgeIntensity: Float { get set }
    /// `inputThreshold`: the edge strength below which nothing is drawn.
    var threshold: Float { get set }
    /// `inputContrast`: the hardness of the lines' edges.
    var contrast: Float { get set }
}

/// `CILineOverlay` with typed properties.
final class LineOverlayBuiltinFilter: CIBuiltinFilter, CILineOverlay, @unchecked Sendable {
    init() { super.init(named: "CILineOverlay") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var nrNoiseLevel: Float {
        get { float("inputNRNoiseLevel") }
        set { setValue(newValue, forKey: "inputNRNoiseLevel") }
    }
    var nrSharpness: Float {
        get { float("inputNRSharpness") }
        set { setValue(newValue, forKey: "inputNRSharpness") }
    }
    var edgeIntensity: Float {
        get { float("inputEdgeIntensity") }
        set { setValue(newValue, forKey: "inputEdgeIntensity") }
    }
    var threshold: Float {
        get { float("inputThreshold") }
        set { setValue(newValue, forKey: "inputThreshold") }
    }
    var contrast: Float {
        get { float("inputContrast") }
        set { setValue(newValue, forKey: "inputContrast") }
    }
}

/// The properties of the `CIGuidedFilter` filter.
public protocol CIGuidedFilter: CIFilterProtocol {
    /// `inputImage`: the image to filter (stretched over the guide's extent when smaller).
    var inputImage: CIImage? { get set }
    /// `inputGuideImage`: the image whose edges are kept.
    var guideImage: CIImage? { get set }
    /// `inputRadius`: the radius of the box windows.
    var radius: Float { get set }
    /// `inputEpsilon`: the regularisation (larger values smooth more).
    var epsilon: Float { get set }
}

/// `CIGuidedFilter` with typed properties.
final class GuidedFilterBuiltinFilter: CIBuiltinFilter, CIGuidedFilter, @unchecked Sendable {
    init() { super.init(named: "CIGuidedFilter") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var guideImage: CIImage? {
        get { image("inputGuideImage") }
        set { setValue(newValue, forKey: "inputGuideImage") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
    var epsilon: Float {
        get { float("inputEpsilon") }
        set { setValue(newValue, forKey: "inputEpsilon") }
    }
}

extension CIFilter {
    /// Creates a sketch that outlines the edges of an image in black.
    public static func lineOverlay() -> CIFilter & CILineOverlay { LineOverlayBuiltinFilter() }
    /// Smooths an image while keeping the edges of a guide image (upsampling a smaller image to the guide's size).
    public static func guidedFilter() -> CIFilter & CIGuidedFilter { GuidedFilterBuiltinFilter() }
}
