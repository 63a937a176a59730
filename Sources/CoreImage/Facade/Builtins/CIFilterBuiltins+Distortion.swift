import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), circular distortions. Properties read and write the same
// store as `setValue(_:forKey:)`.

/// The properties of the `CITwirlDistortion` filter.
public protocol CITwirlDistortion: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the center of the effect as x and y coordinates.
    var center: CGPoint { get set }
    /// `inputRadius`: the radius of the disc the distortion works in.
    var radius: Float { get set }
    /// `inputAngle`: the angle (in radians) of the twirl.
    var angle: Float { get set }
}

/// `CITwirlDistortion` with typed properties.
final class TwirlDistortionBuiltinFilter: CIBuiltinFilter, CITwirlDistortion, @unchecked Sendable {
    init() { super.init(named: "CITwirlDistortion") }
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

/// The properties of the `CIVortexDistortion` filter.
public protocol CIVortexDistortion: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the center of the effect as x and y coordinates.
    var center: CGPoint { get set }
    /// `inputRadius`: the radius of the disc the distortion works in.
    var radius: Float { get set }
    /// `inputAngle`: the angle (in radians) of the vortex.
    var angle: Float { get set }
}

/// `CIVortexDistortion` with typed properties.
final class VortexDistortionBuiltinFilter: CIBuiltinFilter, CIVortexDistortion, @unchecked Sendable {
    init() { super.init(named: "CIVortexDistortion") }
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

/// The properties of the `CIPinchDistortion` filter.
public protocol CIPinchDistortion: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the center of the effect as x and y coordinates.
    var center: CGPoint { get set }
    /// `inputRadius`: the radius of the disc the distortion works in.
    var radius: Float { get set }
    /// `inputScale`: the amount of pinching (0: no effect).
    var scale: Float { get set }
}

/// `CIPinchDistortion` with typed properties.
final class PinchDistortionBuiltinFilter: CIBuiltinFilter, CIPinchDistortion, @unchecked Sendable {
    init() { super.init(named: "CIPinchDistortion") }
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
    var scale: Float {
        get { float("inputScale") }
        set { setValue(newValue, forKey: "inputScale") }
    }
}

/// The properties of the `CIBumpDistortion` filter.
public protocol CIBumpDistortion: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the center of the effect as x and y coordinates.
    var center: CGPoint { get set }
    /// `inputRadius`: the radius of the disc the distortion works in.
    var radius: Float { get set }
    /// `inputScale`: the curvature of the bump (positive: outward, negative: inward).
    var scale: Float { get set }
}

/// `CIBumpDistortion` with typed properties.
final class BumpDistortionBuiltinFilter: CIBuiltinFilter, CIBumpDistortion, @unchecked Sendable {
    init() { super.init(named: "CIBumpDistortion") }
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
    var scale: Float {
        get { float("inputScale") }
        set { setValue(newValue, forKey: "inputScale") }
    }
}

/// The properties of the `CIHoleDistortion` filter.
public protocol CIHoleDistortion: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the center of the effect as x and y coordinates.
    var center: CGPoint { get set }
    /// `inputRadius`: the radius of the disc the distortion works in.
    var radius: Float { get set }
}

/// `CIHoleDistortion` with typed properties.
final class HoleDistortionBuiltinFilter: CIBuiltinFilter, CIHoleDistortion, @unchecked Sendable {
    init() { super.init(named: "CIHoleDistortion") }
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
}

/// The properties of the `CICircleSplashDistortion` filter.
public protocol CICircleSplashDistortion: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the center of the effect as x and y coordinates.
    var center: CGPoint { get set }
    /// `inputRadius`: the radius of the disc the distortion works in.
    var radius: Float { get set }
}

/// `CICircleSplashDistortion` with typed properties.
final class CircleSplashDistortionBuiltinFilter: CIBuiltinFilter, CICircleSplashDistortion, @unchecked Sendable {
    init() { super.init(named: "CICircleSplashDistortion") }
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
}

extension CIFilter {
    /// Rotates pixels around a point to give a twirling effect.
    public static func twirlDistortion() -> CIFilter & CITwirlDistortion { TwirlDistortionBuiltinFilter() }
    /// Rotates pixels around a point to simulate a vortex.
    public static func vortexDistortion() -> CIFilter & CIVortexDistortion { VortexDistortionBuiltinFilter() }
    /// Pinches pixels in toward a point.
    public static func pinchDistortion() -> CIFilter & CIPinchDistortion { PinchDistortionBuiltinFilter() }
    /// Creates a bump that originates at a specified point in the image.
    public static func bumpDistortion() -> CIFilter & CIBumpDistortion { BumpDistortionBuiltinFilter() }
    /// Creates a circular hole that pushes the image pixels outward.
    public static func holeDistortion() -> CIFilter & CIHoleDistortion { HoleDistortionBuiltinFilter() }
    /// Distorts the pixels starting at the circumference of a circle and emanating outward.
    public static func circleSplashDistortion() -> CIFilter & CICircleSplashDistortion { CircleSplashDistortionBuiltinFilter() }
}
