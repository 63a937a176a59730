import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), blur family: a protocol per filter shape,
// a class per filter, a `CIFilter` factory. Properties read and write the same store as `setValue(_:forKey:)`.

/// The properties of the `CIGaussianBlur` filter.
public protocol CIGaussianBlur: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputRadius`.
    var radius: Float { get set }
}

/// `CIGaussianBlur` with typed properties.
final class GaussianBlurBuiltinFilter: CIBuiltinFilter, CIGaussianBlur, @unchecked Sendable {
    init() { super.init(named: "CIGaussianBlur") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
}

/// The properties of the `CIBoxBlur` filter.
public protocol CIBoxBlur: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputRadius`.
    var radius: Float { get set }
}

/// `CIBoxBlur` with typed properties.
final class BoxBlurBuiltinFilter: CIBuiltinFilter, CIBoxBlur, @unchecked Sendable {
    init() { super.init(named: "CIBoxBlur") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
}

/// The properties of the `CIDiscBlur` filter.
public protocol CIDiscBlur: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputRadius`.
    var radius: Float { get set }
}

/// `CIDiscBlur` with typed properties.
final class DiscBlurBuiltinFilter: CIBuiltinFilter, CIDiscBlur, @unchecked Sendable {
    init() { super.init(named: "CIDiscBlur") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
}

/// The properties of the `CIMotionBlur` filter.
public protocol CIMotionBlur: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputRadius`.
    var radius: Float { get set }
    /// `inputAngle`.
    var angle: Float { get set }
}

/// `CIMotionBlur` with typed properties.
final class MotionBlurBuiltinFilter: CIBuiltinFilter, CIMotionBlur, @unchecked Sendable {
    init() { super.init(named: "CIMotionBlur") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
    var angle: Float {
        get { float("inputAngle") }
        set { setValue(newValue, forKey: "inputAngle") }
    }
}

/// The properties of the `CIMaskedVariableBlur` filter.
public protocol CIMaskedVariableBlur: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputMask`.
    var mask: CIImage? { get set }
    /// `inputRadius`.
    var radius: Float { get set }
}

/// `CIMaskedVariableBlur` with typed properties.
final class MaskedVariableBlurBuiltinFilter: CIBuiltinFilter, CIMaskedVariableBlur, @unchecked Sendable {
    init() { super.init(named: "CIMaskedVariableBlur") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var mask: CIImage? {
        get { image("inputMask") }
        set { setValue(newValue, forKey: "inputMask") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
}

/// The properties of the `CINoiseReduction` filter.
public protocol CINoiseReduction: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputNoiseLevel`.
    var noiseLevel: Float { get set }
    /// `inputSharpness`.
    var sharpness: Float { get set }
}

/// `CINoiseReduction` with typed properties.
final class NoiseReductionBuiltinFilter: CIBuiltinFilter, CINoiseReduction, @unchecked Sendable {
    init() { super.init(named: "CINoiseReduction") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var noiseLevel: Float {
        get { float("inputNoiseLevel") }
        set { setValue(newValue, forKey: "inputNoiseLevel") }
    }
    var sharpness: Float {
        get { float("inputSharpness") }
        set { setValue(newValue, forKey: "inputSharpness") }
    }
}

/// The properties of the `CIUnsharpMask` filter.
public protocol CIUnsharpMask: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputRadius`.
    var radius: Float { get set }
    /// `inputIntensity`.
    var intensity: Float { get set }
}

/// `CIUnsharpMask` with typed properties.
final class UnsharpMaskBuiltinFilter: CIBuiltinFilter, CIUnsharpMask, @unchecked Sendable {
    init() { super.init(named: "CIUnsharpMask") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
    var intensity: Float {
        get { float("inputIntensity") }
        set { setValue(newValue, forKey: "inputIntensity") }
    }
}

/// The properties of the `CISharpenLuminance` filter.
public protocol CISharpenLuminance: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputSharpness`.
    var sharpness: Float { get set }
    /// `inputRadius`.
    var radius: Float { get set }
}

/// `CISharpenLuminance` with typed properties.
final class SharpenLuminanceBuiltinFilter: CIBuiltinFilter, CISharpenLuminance, @unchecked Sendable {
    init() { super.init(named: "CISharpenLuminance") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var sharpness: Float {
        get { float("inputSharpness") }
        set { setValue(newValue, forKey: "inputSharpness") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
}

extension CIFilter {
    /// A new `CIGaussianBlur` filter with typed properties, inputs at their defaults.
    public static func gaussianBlur() -> CIFilter & CIGaussianBlur { GaussianBlurBuiltinFilter() }
    /// A new `CIBoxBlur` filter with typed properties, inputs at their defaults.
    public static func boxBlur() -> CIFilter & CIBoxBlur { BoxBlurBuiltinFilter() }
    /// A new `CIDiscBlur` filter with typed properties, inputs at their defaults.
    public static func discBlur() -> CIFilter & CIDiscBlur { DiscBlurBuiltinFilter() }
    /// A new `CIMotionBlur` filter with typed properties, inputs at their defaults.
    public static func motionBlur() -> CIFilter & CIMotionBlur { MotionBlurBuiltinFilter() }
    /// A new `CIMaskedVariableBlur` filter with typed properties, inputs at their defaults.
    public static func maskedVariableBlur() -> CIFilter & CIMaskedVariableBlur { MaskedVariableBlurBuiltinFilter() }
    /// A new `CINoiseReduction` filter with typed properties, inputs at their defaults.
    public static func noiseReduction() -> CIFilter & CINoiseReduction { NoiseReductionBuiltinFilter() }
    /// A new `CIUnsharpMask` filter with typed properties, inputs at their defaults.
    public static func unsharpMask() -> CIFilter & CIUnsharpMask { UnsharpMaskBuiltinFilter() }
    /// A new `CISharpenLuminance` filter with typed properties, inputs at their defaults.
    public static func sharpenLuminance() -> CIFilter & CISharpenLuminance { SharpenLuminanceBuiltinFilter() }
}
