import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style): bicubic and maximum scaling. Properties read and write the
// same store as `setValue(_:forKey:)`. `CIClamp` and `CISampleNearest` have no typed form in Apple's
// CIFilterBuiltins either; use `CIFilter(name:)`.

/// The properties of the `CIBicubicScaleTransform` filter.
public protocol CIBicubicScaleTransform: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputScale`: the scaling factor.
    var scale: Float { get set }
    /// `inputAspectRatio`: the additional horizontal scaling factor.
    var aspectRatio: Float { get set }
    /// `inputB`: the value of B of the cubic resampling function.
    var parameterB: Float { get set }
    /// `inputC`: the value of C of the cubic resampling function.
    var parameterC: Float { get set }
}

/// The properties of the `CIMaximumScaleTransform` filter.
public protocol CIMaximumScaleTransform: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputScale`: the scaling factor.
    var scale: Float { get set }
    /// `inputAspectRatio`: the additional horizontal scaling factor.
    var aspectRatio: Float { get set }
}

/// `CIBicubicScaleTransform` / `CIMaximumScaleTransform` with typed properties.
final class ScaleBuiltinFilter: CIBuiltinFilter, CIBicubicScaleTransform, CIMaximumScaleTransform, @unchecked Sendable {
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var scale: Float {
        get { float("inputScale") }
        set { setValue(newValue, forKey: "inputScale") }
    }
    var aspectRatio: Float {
        get { float("inputAspectRatio") }
        set { setValue(newValue, forKey: "inputAspectRatio") }
    }
    var parameterB: Float {
        get { float("inputB") }
        set { setValue(newValue, forKey: "inputB") }
    }
    var parameterC: Float {
        get { float("inputC") }
        set { setValue(newValue, forKey: "inputC") }
    }
}

extension CIFilter {
    /// A scaled image resampled with a B/C cubic.
    public static func bicubicScaleTransform() -> CIFilter & CIBicubicScaleTransform { ScaleBuiltinFilter(named: "CIBicubicScaleTransform") }
    /// A scaled image whose pixels are the maxima of the input pixels they cover.
    public static func maximumScaleTransform() -> CIFilter & CIMaximumScaleTransform { ScaleBuiltinFilter(named: "CIMaximumScaleTransform") }
}
