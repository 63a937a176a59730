import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), generators family: a protocol per filter shape,
// a class per filter, a `CIFilter` factory. Properties read and write the same store as `setValue(_:forKey:)`.

/// The properties of the `CIRadialGradient` filter.
public protocol CIRadialGradient: CIFilterProtocol {
    /// `inputCenter`.
    var center: CGPoint { get set }
    /// `inputRadius0`.
    var radius0: Float { get set }
    /// `inputRadius1`.
    var radius1: Float { get set }
    /// `inputColor0`.
    var color0: CIColor { get set }
    /// `inputColor1`.
    var color1: CIColor { get set }
}

/// `CIRadialGradient` with typed properties.
final class RadialGradientBuiltinFilter: CIBuiltinFilter, CIRadialGradient, @unchecked Sendable {
    init() { super.init(named: "CIRadialGradient") }
    var center: CGPoint {
        get { point("inputCenter") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputCenter") }
    }
    var radius0: Float {
        get { float("inputRadius0") }
        set { setValue(newValue, forKey: "inputRadius0") }
    }
    var radius1: Float {
        get { float("inputRadius1") }
        set { setValue(newValue, forKey: "inputRadius1") }
    }
    var color0: CIColor {
        get { color("inputColor0") }
        set { setValue(newValue, forKey: "inputColor0") }
    }
    var color1: CIColor {
        get { color("inputColor1") }
        set { setValue(newValue, forKey: "inputColor1") }
    }
}

/// The properties of the `CILinearGradient` filter.
public protocol CILinearGradient: CIFilterProtocol {
    /// `inputPoint0`.
    var point0: CGPoint { get set }
    /// `inputPoint1`.
    var point1: CGPoint { get set }
    /// `inputColor0`.
    var color0: CIColor { get set }
    /// `inputColor1`.
    var color1: CIColor { get set }
}

/// `CILinearGradient` with typed properties.
final class LinearGradientBuiltinFilter: CIBuiltinFilter, CILinearGradient, @unchecked Sendable {
    init() { super.init(named: "CILinearGradient") }
    var point0: CGPoint {
        get { point("inputPoint0") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputPoint0") }
    }
    var point1: CGPoint {
        get { point("inputPoint1") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputPoint1") }
    }
    var color0: CIColor {
        get { color("inputColor0") }
        set { setValue(newValue, forKey: "inputColor0") }
    }
    var color1: CIColor {
        get { color("inputColor1") }
        set { setValue(newValue, forKey: "inputColor1") }
    }
}

/// The properties of the `CISmoothLinearGradient` filter.
public protocol CISmoothLinearGradient: CIFilterProtocol {
    /// `inputPoint0`.
    var point0: CGPoint { get set }
    /// `inputPoint1`.
    var point1: CGPoint { get set }
    /// `inputColor0`.
    var color0: CIColor { get set }
    /// `inputColor1`.
    var color1: CIColor { get set }
}

/// `CISmoothLinearGradient` with typed properties.
final class SmoothLinearGradientBuiltinFilter: CIBuiltinFilter, CISmoothLinearGradient, @unchecked Sendable {
    init() { super.init(named: "CISmoothLinearGradient") }
    var point0: CGPoint {
        get { point("inputPoint0") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputPoint0") }
    }
    var point1: CGPoint {
        get { point("inputPoint1") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputPoint1") }
    }
    var color0: CIColor {
        get { color("inputColor0") }
        set { setValue(newValue, forKey: "inputColor0") }
    }
    var color1: CIColor {
        get { color("inputColor1") }
        set { setValue(newValue, forKey: "inputColor1") }
    }
}

/// The properties of the `CICheckerboardGenerator` filter.
public protocol CICheckerboardGenerator: CIFilterProtocol {
    /// `inputCenter`.
    var center: CGPoint { get set }
    /// `inputColor0`.
    var color0: CIColor { get set }
    /// `inputColor1`.
    var color1: CIColor { get set }
    /// `inputWidth`.
    var width: Float { get set }
    /// `inputSharpness`.
    var sharpness: Float { get set }
}

/// `CICheckerboardGenerator` with typed properties.
final class CheckerboardGeneratorBuiltinFilter: CIBuiltinFilter, CICheckerboardGenerator, @unchecked Sendable {
    init() { super.init(named: "CICheckerboardGenerator") }
    var center: CGPoint {
        get { point("inputCenter") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputCenter") }
    }
    var color0: CIColor {
        get { color("inputColor0") }
        set { setValue(newValue, forKey: "inputColor0") }
    }
    var color1: CIColor {
        get { color("inputColor1") }
        set { setValue(newValue, forKey: "inputColor1") }
    }
    var width: Float {
        get { float("inputWidth") }
        set { setValue(newValue, forKey: "inputWidth") }
    }
    var sharpness: Float {
        get { float("inputSharpness") }
        set { setValue(newValue, forKey: "inputSharpness") }
    }
}

/// The properties of the `CIHueSaturationValueGradient` filter.
public protocol CIHueSaturationValueGradient: CIFilterProtocol {
    /// `inputValue`.
    var value: Float { get set }
    /// `inputRadius`.
    var radius: Float { get set }
    /// `inputSoftness`.
    var softness: Float { get set }
    /// `inputDither`.
    var dither: Float { get set }
    /// `inputColorSpace`.
    var colorSpace: CGColorSpace? { get set }
}

/// `CIHueSaturationValueGradient` with typed properties.
final class HueSaturationValueGradientBuiltinFilter: CIBuiltinFilter, CIHueSaturationValueGradient, @unchecked Sendable {
    init() { super.init(named: "CIHueSaturationValueGradient") }
    var value: Float {
        get { float("inputValue") }
        set { setValue(newValue, forKey: "inputValue") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
    var softness: Float {
        get { float("inputSoftness") }
        set { setValue(newValue, forKey: "inputSoftness") }
    }
    var dither: Float {
        get { float("inputDither") }
        set { setValue(newValue, forKey: "inputDither") }
    }
    var colorSpace: CGColorSpace? {
        get { colorSpace("inputColorSpace") }
        set { setValue(newValue, forKey: "inputColorSpace") }
    }
}

/// The properties of the `CIGaussianGradient` filter.
public protocol CIGaussianGradient: CIFilterProtocol {
    /// `inputCenter`: the center of the effect as x and y coordinates.
    var center: CGPoint { get set }
    /// `inputColor0`: the first color to use in the gradient.
    var color0: CIColor { get set }
    /// `inputColor1`: the second color to use in the gradient.
    var color1: CIColor { get set }
    /// `inputRadius`: the radius of the Gaussian distribution.
    var radius: Float { get set }
}

/// `CIGaussianGradient` with typed properties.
final class GaussianGradientBuiltinFilter: CIBuiltinFilter, CIGaussianGradient, @unchecked Sendable {
    init() { super.init(named: "CIGaussianGradient") }
    var center: CGPoint {
        get { point("inputCenter") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputCenter") }
    }
    var color0: CIColor {
        get { color("inputColor0") }
        set { setValue(newValue, forKey: "inputColor0") }
    }
    var color1: CIColor {
        get { color("inputColor1") }
        set { setValue(newValue, forKey: "inputColor1") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
}

extension CIFilter {
    /// A new `CIRadialGradient` filter with typed properties, inputs at their defaults.
    public static func radialGradient() -> CIFilter & CIRadialGradient { RadialGradientBuiltinFilter() }
    /// A new `CILinearGradient` filter with typed properties, inputs at their defaults.
    public static func linearGradient() -> CIFilter & CILinearGradient { LinearGradientBuiltinFilter() }
    /// A new `CISmoothLinearGradient` filter with typed properties, inputs at their defaults.
    public static func smoothLinearGradient() -> CIFilter & CISmoothLinearGradient { SmoothLinearGradientBuiltinFilter() }
    /// A new `CICheckerboardGenerator` filter with typed properties, inputs at their defaults.
    public static func checkerboardGenerator() -> CIFilter & CICheckerboardGenerator { CheckerboardGeneratorBuiltinFilter() }
    /// A new `CIHueSaturationValueGradient` filter with typed properties, inputs at their defaults.
    public static func hueSaturationValueGradient() -> CIFilter & CIHueSaturationValueGradient { HueSaturationValueGradientBuiltinFilter() }
    /// Generates a gradient that varies from one color to another using a Gaussian distribution.
    public static func gaussianGradient() -> CIFilter & CIGaussianGradient { GaussianGradientBuiltinFilter() }
}
