import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), the reductions added with the extrema and logarithmic
// histograms. Properties read and write the same store as `setValue(_:forKey:)`.

/// The properties every area reduction shares (Apple's `CIAreaReductionFilter`).
public protocol CIAreaReductionFilter: CIFilterProtocol {
    /// `inputImage`: the image to process.
    var inputImage: CIImage? { get set }
    /// `inputExtent`: the subregion of the image to process.
    var extent: CGRect { get set }
}

/// An area reduction with typed `inputImage` and `extent`.
class AreaReductionBuiltinFilter: CIBuiltinFilter, @unchecked Sendable {
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var extent: CGRect {
        get { rect("inputExtent") }
        set { setValue(CIVector(cgRect: newValue), forKey: "inputExtent") }
    }
}

/// The properties of the `CIAreaMaximum` filter.
public protocol CIAreaMaximum: CIAreaReductionFilter {}

/// `CIAreaMaximum` with typed properties.
final class AreaMaximumBuiltinFilter: AreaReductionBuiltinFilter, CIAreaMaximum, @unchecked Sendable {
    init() { super.init(named: "CIAreaMaximum") }
}

/// The properties of the `CIAreaMinimum` filter.
public protocol CIAreaMinimum: CIAreaReductionFilter {}

/// `CIAreaMinimum` with typed properties.
final class AreaMinimumBuiltinFilter: AreaReductionBuiltinFilter, CIAreaMinimum, @unchecked Sendable {
    init() { super.init(named: "CIAreaMinimum") }
}

/// The properties of the `CIAreaMaximumAlpha` filter.
public protocol CIAreaMaximumAlpha: CIAreaReductionFilter {}

/// `CIAreaMaximumAlpha` with typed properties.
final class AreaMaximumAlphaBuiltinFilter: AreaReductionBuiltinFilter, CIAreaMaximumAlpha, @unchecked Sendable {
    init() { super.init(named: "CIAreaMaximumAlpha") }
}

/// The properties of the `CIAreaMinimumAlpha` filter.
public protocol CIAreaMinimumAlpha: CIAreaReductionFilter {}

/// `CIAreaMinimumAlpha` with typed properties.
final class AreaMinimumAlphaBuiltinFilter: AreaReductionBuiltinFilter, CIAreaMinimumAlpha, @unchecked Sendable {
    init() { super.init(named: "CIAreaMinimumAlpha") }
}

/// The properties of the `CIAreaMinMax` filter.
public protocol CIAreaMinMax: CIAreaReductionFilter {}

/// `CIAreaMinMax` with typed properties.
final class AreaMinMaxBuiltinFilter: AreaReductionBuiltinFilter, CIAreaMinMax, @unchecked Sendable {
    init() { super.init(named: "CIAreaMinMax") }
}

/// The properties of the `CIAreaMinMaxRed` filter.
public protocol CIAreaMinMaxRed: CIAreaReductionFilter {}

/// `CIAreaMinMaxRed` with typed properties.
final class AreaMinMaxRedBuiltinFilter: AreaReductionBuiltinFilter, CIAreaMinMaxRed, @unchecked Sendable {
    init() { super.init(named: "CIAreaMinMaxRed") }
}

/// The properties of the `CIAreaAverageMaximumRed` filter.
public protocol CIAreaAverageMaximumRed: CIAreaReductionFilter {}

/// `CIAreaAverageMaximumRed` with typed properties.
final class AreaAverageMaximumRedBuiltinFilter: AreaReductionBuiltinFilter, CIAreaAverageMaximumRed, @unchecked Sendable {
    init() { super.init(named: "CIAreaAverageMaximumRed") }
}

/// The properties of the `CIAreaBoundsRed` filter.
public protocol CIAreaBoundsRed: CIAreaReductionFilter {}

/// `CIAreaBoundsRed` with typed properties.
final class AreaBoundsRedBuiltinFilter: AreaReductionBuiltinFilter, CIAreaBoundsRed, @unchecked Sendable {
    init() { super.init(named: "CIAreaBoundsRed") }
}

/// The properties of the `CIAreaLogarithmicHistogram` filter.
public protocol CIAreaLogarithmicHistogram: CIAreaReductionFilter {
    /// `inputScale`: what each channel's bins add up to.
    var scale: Float { get set }
    /// `inputCount`: the number of bins (the output's width).
    var count: Int { get set }
    /// `inputMinimumStop`: the log₂ value at the first bin's lower edge.
    var minimumStop: Float { get set }
    /// `inputMaximumStop`: the log₂ value at the last bin's upper edge.
    var maximumStop: Float { get set }
}

/// `CIAreaLogarithmicHistogram` with typed properties.
final class AreaLogarithmicHistogramBuiltinFilter: AreaReductionBuiltinFilter, CIAreaLogarithmicHistogram, @unchecked Sendable {
    init() { super.init(named: "CIAreaLogarithmicHistogram") }
    var scale: Float {
        get { float("inputScale") }
        set { setValue(newValue, forKey: "inputScale") }
    }
    var count: Int {
        get { int("inputCount") }
        set { setValue(newValue, forKey: "inputCount") }
    }
    var minimumStop: Float {
        get { float("inputMinimumStop") }
        set { setValue(newValue, forKey: "inputMinimumStop") }
    }
    var maximumStop: Float {
        get { float("inputMaximumStop") }
        set { setValue(newValue, forKey: "inputMaximumStop") }
    }
}

/// The properties of the `CIHistogramDisplayFilter` filter.
public protocol CIHistogramDisplay: CIFilterProtocol {
    /// `inputImage`: a histogram image, typically `CIAreaHistogram`'s output.
    var inputImage: CIImage? { get set }
    /// `inputHeight`: the height of the histogram picture in pixels.
    var height: Float { get set }
    /// `inputHighLimit`: the fraction of the picture, from the left, beyond which bars are made lighter.
    var highLimit: Float { get set }
    /// `inputLowLimit`: the fraction of the picture, from the left, below which bars are made darker.
    var lowLimit: Float { get set }
}

/// `CIHistogramDisplayFilter` with typed properties.
final class HistogramDisplayBuiltinFilter: CIBuiltinFilter, CIHistogramDisplay, @unchecked Sendable {
    init() { super.init(named: "CIHistogramDisplayFilter") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var height: Float {
        get { float("inputHeight") }
        set { setValue(newValue, forKey: "inputHeight") }
    }
    var highLimit: Float {
        get { float("inputHighLimit") }
        set { setValue(newValue, forKey: "inputHighLimit") }
    }
    var lowLimit: Float {
        get { float("inputLowLimit") }
        set { setValue(newValue, forKey: "inputLowLimit") }
    }
}

extension CIFilter {
    /// The maximum of each colour component over an area, as a one-pixel image.
    public static func areaMaximum() -> CIFilter & CIAreaMaximum { AreaMaximumBuiltinFilter() }
    /// The minimum of each colour component over an area, as a one-pixel image.
    public static func areaMinimum() -> CIFilter & CIAreaMinimum { AreaMinimumBuiltinFilter() }
    /// The pixel of an area with the greatest alpha, as a one-pixel image.
    public static func areaMaximumAlpha() -> CIFilter & CIAreaMaximumAlpha { AreaMaximumAlphaBuiltinFilter() }
    /// The pixel of an area with the smallest alpha, as a one-pixel image.
    public static func areaMinimumAlpha() -> CIFilter & CIAreaMinimumAlpha { AreaMinimumAlphaBuiltinFilter() }
    /// The minimum (left) and maximum (right) of each colour component over an area, as a 2 × 1 image.
    public static func areaMinMax() -> CIFilter & CIAreaMinMax { AreaMinMaxBuiltinFilter() }
    /// The minimum (red) and maximum (green) of the red component over an area, as a one-pixel image.
    public static func areaMinMaxRed() -> CIFilter & CIAreaMinMaxRed { AreaMinMaxRedBuiltinFilter() }
    /// The mean (red) and maximum (green) of the red component over an area, as a one-pixel image.
    public static func areaAverageMaximumRed() -> CIFilter & CIAreaAverageMaximumRed { AreaAverageMaximumRedBuiltinFilter() }
    /// The bounding box of an area's pixels with red above zero, relative to the area, as a one-pixel image.
    public static func areaBoundsRed() -> CIFilter & CIAreaBoundsRed { AreaBoundsRedBuiltinFilter() }
    /// A histogram of an area with R, G and B binned by their base-two logarithm.
    public static func areaLogarithmicHistogram() -> CIFilter & CIAreaLogarithmicHistogram { AreaLogarithmicHistogramBuiltinFilter() }
    /// Bars drawn from a histogram image (the output of `areaHistogram()`).
    public static func histogramDisplay() -> CIFilter & CIHistogramDisplay { HistogramDisplayBuiltinFilter() }
}
