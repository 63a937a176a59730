import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style): median, depth and disparity conversions, circular wrap.
// Properties read and write the same store as `setValue(_:forKey:)`.

/// The properties of the `CIMedianFilter` filter (Apple names the protocol `CIMedian`).
public protocol CIMedian: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
}

/// `CIMedianFilter` with typed properties.
final class MedianFilterBuiltinFilter: CIBuiltinFilter, CIMedian, @unchecked Sendable {
    init() { super.init(named: "CIMedianFilter") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
}

/// The properties of the `CIDepthToDisparity` filter.
public protocol CIDepthToDisparity: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
}

/// `CIDepthToDisparity` with typed properties.
final class DepthToDisparityBuiltinFilter: CIBuiltinFilter, CIDepthToDisparity, @unchecked Sendable {
    init() { super.init(named: "CIDepthToDisparity") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
}

/// The properties of the `CIDisparityToDepth` filter.
public protocol CIDisparityToDepth: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
}

/// `CIDisparityToDepth` with typed properties.
final class DisparityToDepthBuiltinFilter: CIBuiltinFilter, CIDisparityToDepth, @unchecked Sendable {
    init() { super.init(named: "CIDisparityToDepth") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
}

/// The properties of the `CICircularWrap` filter.
public protocol CICircularWrap: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the center of the effect as x and y coordinates.
    var center: CGPoint { get set }
    /// `inputRadius`: the radius of the clear disc the image wraps around.
    var radius: Float { get set }
    /// `inputAngle`: the angle of the effect.
    var angle: Float { get set }
}

/// `CICircularWrap` with typed properties.
final class CircularWrapBuiltinFilter: CIBuiltinFilter, CICircularWrap, @unchecked Sendable {
    init() { super.init(named: "CICircularWrap") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var center: CGPoint {
        get { point("inputCenter") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputCenter") }
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

extension CIFilter {
    /// Replaces each pixel by the median of its 3 × 3 neighbourhood.
    public static func median() -> CIFilter & CIMedian { MedianFilterBuiltinFilter() }
    /// Convert a depth data image to disparity data.
    public static func depthToDisparity() -> CIFilter & CIDepthToDisparity { DepthToDisparityBuiltinFilter() }
    /// Convert a disparity data image to depth data.
    public static func disparityToDepth() -> CIFilter & CIDisparityToDepth { DisparityToDepthBuiltinFilter() }
    /// Wraps an image around a transparent circle.
    public static func circularWrap() -> CIFilter & CICircularWrap { CircularWrapBuiltinFilter() }
}
