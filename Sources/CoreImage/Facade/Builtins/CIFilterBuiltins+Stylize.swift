import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), stylize family: a protocol per filter shape,
// a class per filter, a `CIFilter` factory. Properties read and write the same store as `setValue(_:forKey:)`.

/// The properties of the `CIPixellate` filter.
public protocol CIPixellate: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputCenter`.
    var center: CGPoint { get set }
    /// `inputScale`.
    var scale: Float { get set }
}

/// `CIPixellate` with typed properties.
final class PixellateBuiltinFilter: CIBuiltinFilter, CIPixellate, @unchecked Sendable {
    init() { super.init(named: "CIPixellate") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var center: CGPoint {
        get { point("inputCenter") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputCenter") }
    }
    var scale: Float {
        get { float("inputScale") }
        set { setValue(newValue, forKey: "inputScale") }
    }
}

/// The properties of the `CIAreaAverage` filter.
public protocol CIAreaAverage: CIAreaReductionFilter {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputExtent`.
    var extent: CGRect { get set }
}

/// `CIAreaAverage` with typed properties.
final class AreaAverageBuiltinFilter: CIBuiltinFilter, CIAreaAverage, @unchecked Sendable {
    init() { super.init(named: "CIAreaAverage") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var extent: CGRect {
        get { rect("inputExtent") }
        set { setValue(CIVector(cgRect: newValue), forKey: "inputExtent") }
    }
}

/// The properties of the `CIAreaHistogram` filter.
public protocol CIAreaHistogram: CIAreaReductionFilter {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputExtent`.
    var extent: CGRect { get set }
    /// `inputScale`.
    var scale: Float { get set }
    /// `inputCount`.
    var count: Int { get set }
}

/// `CIAreaHistogram` with typed properties.
final class AreaHistogramBuiltinFilter: CIBuiltinFilter, CIAreaHistogram, @unchecked Sendable {
    init() { super.init(named: "CIAreaHistogram") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var extent: CGRect {
        get { rect("inputExtent") }
        set { setValue(CIVector(cgRect: newValue), forKey: "inputExtent") }
    }
    var scale: Float {
        get { float("inputScale") }
        set { setValue(newValue, forKey: "inputScale") }
    }
    var count: Int {
        get { int("inputCount") }
        set { setValue(newValue, forKey: "inputCount") }
    }
}

extension CIFilter {
    /// A new `CIPixellate` filter with typed properties, inputs at their defaults.
    public static func pixellate() -> CIFilter & CIPixellate { PixellateBuiltinFilter() }
    /// A new `CIAreaAverage` filter with typed properties, inputs at their defaults.
    public static func areaAverage() -> CIFilter & CIAreaAverage { AreaAverageBuiltinFilter() }
    /// A new `CIAreaHistogram` filter with typed properties, inputs at their defaults.
    public static func areaHistogram() -> CIFilter & CIAreaHistogram { AreaHistogramBuiltinFilter() }
}
