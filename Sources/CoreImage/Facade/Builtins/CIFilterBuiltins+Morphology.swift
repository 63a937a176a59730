import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), morphology family: a protocol per filter, a class per filter
// shape, a `CIFilter` factory per filter.

/// The properties of the `CIMorphologyMaximum` filter.
public protocol CIMorphologyMaximum: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputRadius`: the radius of the circular structuring element.
    var radius: Float { get set }
}

/// The properties of the `CIMorphologyMinimum` filter.
public protocol CIMorphologyMinimum: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputRadius`: the radius of the circular structuring element.
    var radius: Float { get set }
}

/// The properties of the `CIMorphologyGradient` filter.
public protocol CIMorphologyGradient: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputRadius`: the radius of the circular structuring element.
    var radius: Float { get set }
}

/// The properties of the `CIMorphologyRectangleMaximum` filter.
public protocol CIMorphologyRectangleMaximum: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputWidth`: the structuring element's width in pixels (rounded to the nearest odd integer).
    var width: Float { get set }
    /// `inputHeight`: the structuring element's height in pixels (rounded to the nearest odd integer).
    var height: Float { get set }
}

/// The properties of the `CIMorphologyRectangleMinimum` filter.
public protocol CIMorphologyRectangleMinimum: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputWidth`: the structuring element's width in pixels (rounded to the nearest odd integer).
    var width: Float { get set }
    /// `inputHeight`: the structuring element's height in pixels (rounded to the nearest odd integer).
    var height: Float { get set }
}

/// The circular morphology filters with typed properties.
final class MorphologyDiscBuiltinFilter: CIBuiltinFilter, CIMorphologyMaximum, CIMorphologyMinimum, CIMorphologyGradient, @unchecked Sendable {
    override init(named name: String) { super.init(named: name) }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
}

/// The rectangular morphology filters with typed properties.
final class MorphologyRectangleBuiltinFilter: CIBuiltinFilter, CIMorphologyRectangleMaximum, CIMorphologyRectangleMinimum, @unchecked Sendable {
    override init(named name: String) { super.init(named: name) }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var width: Float {
        get { float("inputWidth") }
        set { setValue(newValue, forKey: "inputWidth") }
    }
    var height: Float {
        get { float("inputHeight") }
        set { setValue(newValue, forKey: "inputHeight") }
    }
}

extension CIFilter {
    /// A new `CIMorphologyMaximum` filter with typed properties, inputs at their defaults.
    public static func morphologyMaximum() -> CIFilter & CIMorphologyMaximum { MorphologyDiscBuiltinFilter(named: "CIMorphologyMaximum") }
    /// A new `CIMorphologyMinimum` filter with typed properties, inputs at their defaults.
    public static func morphologyMinimum() -> CIFilter & CIMorphologyMinimum { MorphologyDiscBuiltinFilter(named: "CIMorphologyMinimum") }
    /// A new `CIMorphologyGradient` filter with typed properties, inputs at their defaults.
    public static func morphologyGradient() -> CIFilter & CIMorphologyGradient { MorphologyDiscBuiltinFilter(named: "CIMorphologyGradient") }
    /// A new `CIMorphologyRectangleMaximum` filter with typed properties, inputs at their defaults.
    public static func morphologyRectangleMaximum() -> CIFilter & CIMorphologyRectangleMaximum {
        MorphologyRectangleBuiltinFilter(named: "CIMorphologyRectangleMaximum")
    }
    /// A new `CIMorphologyRectangleMinimum` filter with typed properties, inputs at their defaults.
    public static func morphologyRectangleMinimum() -> CIFilter & CIMorphologyRectangleMinimum {
        MorphologyRectangleBuiltinFilter(named: "CIMorphologyRectangleMinimum")
    }
}
