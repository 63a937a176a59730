import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), pattern and shape generators: a protocol per filter, a class
// per filter, a `CIFilter` factory.

/// The properties of the `CIStripesGenerator` filter.
public protocol CIStripesGenerator: CIFilterProtocol {
    /// `inputCenter`.
    var center: CGPoint { get set }
    /// `inputColor0`: the first, third… stripe.
    var color0: CIColor { get set }
    /// `inputColor1`: the second, fourth… stripe.
    var color1: CIColor { get set }
    /// `inputWidth`: a stripe's width.
    var width: Float { get set }
    /// `inputSharpness`: 1 for hard edges, smaller for softer ones.
    var sharpness: Float { get set }
}

/// `CIStripesGenerator` with typed properties.
final class StripesGeneratorBuiltinFilter: CIBuiltinFilter, CIStripesGenerator, @unchecked Sendable {
    init() { super.init(named: "CIStripesGenerator") }
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

/// The properties of the `CIRandomGenerator` filter (it has no inputs).
public protocol CIRandomGenerator: CIFilterProtocol {}

/// `CIRandomGenerator` with typed properties.
final class RandomGeneratorBuiltinFilter: CIBuiltinFilter, CIRandomGenerator, @unchecked Sendable {
    init() { super.init(named: "CIRandomGenerator") }
}

/// The properties of the `CIRoundedRectangleGenerator` filter.
public protocol CIRoundedRectangleGenerator: CIFilterProtocol {
    /// `inputExtent`: the rectangle.
    var extent: CGRect { get set }
    /// `inputRadius`: the corners' radius.
    var radius: Float { get set }
    /// `inputColor`: the fill colour.
    var color: CIColor { get set }
}

/// `CIRoundedRectangleGenerator` with typed properties.
final class RoundedRectangleGeneratorBuiltinFilter: CIBuiltinFilter, CIRoundedRectangleGenerator, @unchecked Sendable {
    init() { super.init(named: "CIRoundedRectangleGenerator") }
    var extent: CGRect {
        get { rect("inputExtent") }
        set { setValue(CIVector(cgRect: newValue), forKey: "inputExtent") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
    var color: CIColor {
        get { color("inputColor") }
        set { setValue(newValue, forKey: "inputColor") }
    }
}

/// The properties of the `CIBlurredRectangleGenerator` filter.
public protocol CIBlurredRectangleGenerator: CIFilterProtocol {
    /// `inputExtent`: the rectangle before blurring.
    var extent: CGRect { get set }
    /// `inputSigma`: the Gaussian's standard deviation.
    var sigma: Float { get set }
    /// `inputColor`: the fill colour.
    var color: CIColor { get set }
}

/// `CIBlurredRectangleGenerator` with typed properties.
final class BlurredRectangleGeneratorBuiltinFilter: CIBuiltinFilter, CIBlurredRectangleGenerator, @unchecked Sendable {
    init() { super.init(named: "CIBlurredRectangleGenerator") }
    var extent: CGRect {
        get { rect("inputExtent") }
        set { setValue(CIVector(cgRect: newValue), forKey: "inputExtent") }
    }
    var sigma: Float {
        get { float("inputSigma") }
        set { setValue(newValue, forKey: "inputSigma") }
    }
    var color: CIColor {
        get { color("inputColor") }
        set { setValue(newValue, forKey: "inputColor") }
    }
}

extension CIFilter {
    /// A new `CIStripesGenerator` filter with typed properties, inputs at their defaults.
    public static func stripesGenerator() -> CIFilter & CIStripesGenerator { StripesGeneratorBuiltinFilter() }
    /// A new `CIRandomGenerator` filter.
    public static func randomGenerator() -> CIFilter & CIRandomGenerator { RandomGeneratorBuiltinFilter() }
    /// A new `CIRoundedRectangleGenerator` filter with typed properties, inputs at their defaults.
    public static func roundedRectangleGenerator() -> CIFilter & CIRoundedRectangleGenerator { RoundedRectangleGeneratorBuiltinFilter() }
    /// A new `CIBlurredRectangleGenerator` filter with typed properties, inputs at their defaults.
    public static func blurredRectangleGenerator() -> CIFilter & CIBlurredRectangleGenerator { BlurredRectangleGeneratorBuiltinFilter() }
}
