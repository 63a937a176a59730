import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), the distortions and the zoom blur added with issue 19. Properties
// read and write the same store as `setValue(_:forKey:)`; each filter's behaviour is stated on its definition.

/// The properties of the `CILightTunnel` filter.
public protocol CILightTunnel: CIFilterProtocol {
    /// `inputImage`: the image to distort.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the center of the tunnel.
    var center: CGPoint { get set }
    /// `inputRotation`: how far the rim turns per radius of distance.
    var rotation: Float { get set }
    /// `inputRadius`: the radius of the undistorted disc.
    var radius: Float { get set }
}

/// `CILightTunnel` with typed properties.
final class LightTunnelBuiltinFilter: CIBuiltinFilter, CILightTunnel, @unchecked Sendable {
    init() { super.init(named: "CILightTunnel") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var center: CGPoint {
        get { point("inputCenter") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputCenter") }
    }
    var rotation: Float {
        get { float("inputRotation") }
        set { setValue(newValue, forKey: "inputRotation") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
}

/// The properties of the `CITorusLensDistortion` filter.
public protocol CITorusLensDistortion: CIFilterProtocol {
    /// `inputImage`: the image to distort.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the center of the ring.
    var center: CGPoint { get set }
    /// `inputRadius`: the radius of the ring's middle line.
    var radius: Float { get set }
    /// `inputWidth`: the width of the ring.
    var width: Float { get set }
    /// `inputRefraction`: the refraction of the glass.
    var refraction: Float { get set }
}

/// `CITorusLensDistortion` with typed properties.
final class TorusLensDistortionBuiltinFilter: CIBuiltinFilter, CITorusLensDistortion, @unchecked Sendable {
    init() { super.init(named: "CITorusLensDistortion") }
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
    var width: Float {
        get { float("inputWidth") }
        set { setValue(newValue, forKey: "inputWidth") }
    }
    var refraction: Float {
        get { float("inputRefraction") }
        set { setValue(newValue, forKey: "inputRefraction") }
    }
}

/// The properties of the `CIGlassLozenge` filter.
public protocol CIGlassLozenge: CIFilterProtocol {
    /// `inputImage`: the image to distort.
    var inputImage: CIImage? { get set }
    /// `inputPoint0`: the center of the circle at one end.
    var point0: CGPoint { get set }
    /// `inputPoint1`: the center of the circle at the other end.
    var point1: CGPoint { get set }
    /// `inputRadius`: the radius of the lozenge.
    var radius: Float { get set }
    /// `inputRefraction`: the refraction of the glass.
    var refraction: Float { get set }
}

/// `CIGlassLozenge` with typed properties.
final class GlassLozengeBuiltinFilter: CIBuiltinFilter, CIGlassLozenge, @unchecked Sendable {
    init() { super.init(named: "CIGlassLozenge") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var point0: CGPoint {
        get { point("inputPoint0") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputPoint0") }
    }
    var point1: CGPoint {
        get { point("inputPoint1") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputPoint1") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
    var refraction: Float {
        get { float("inputRefraction") }
        set { setValue(newValue, forKey: "inputRefraction") }
    }
}

/// The properties of the `CIDisplacementDistortion` filter.
public protocol CIDisplacementDistortion: CIFilterProtocol {
    /// `inputImage`: the image to distort.
    var inputImage: CIImage? { get set }
    /// `inputDisplacementImage`: the image whose red and green move the input's pixels.
    var displacementImage: CIImage? { get set }
    /// `inputScale`: the largest displacement, in pixels.
    var scale: Float { get set }
}

/// `CIDisplacementDistortion` with typed properties.
final class DisplacementDistortionBuiltinFilter: CIBuiltinFilter, CIDisplacementDistortion, @unchecked Sendable {
    init() { super.init(named: "CIDisplacementDistortion") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var displacementImage: CIImage? {
        get { image("inputDisplacementImage") }
        set { setValue(newValue, forKey: "inputDisplacementImage") }
    }
    var scale: Float {
        get { float("inputScale") }
        set { setValue(newValue, forKey: "inputScale") }
    }
}

/// The properties of the `CIGlassDistortion` filter.
public protocol CIGlassDistortion: CIFilterProtocol {
    /// `inputImage`: the image to distort.
    var inputImage: CIImage? { get set }
    /// `inputTexture`: the texture whose luminance is the glass's height.
    var textureImage: CIImage? { get set }
    /// `inputCenter`: where the texture's middle lies.
    var center: CGPoint { get set }
    /// `inputScale`: the displacement per unit of slope.
    var scale: Float { get set }
}

/// `CIGlassDistortion` with typed properties.
final class GlassDistortionBuiltinFilter: CIBuiltinFilter, CIGlassDistortion, @unchecked Sendable {
    init() { super.init(named: "CIGlassDistortion") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var textureImage: CIImage? {
        get { image("inputTexture") }
        set { setValue(newValue, forKey: "inputTexture") }
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

/// The properties of the `CIZoomBlur` filter.
public protocol CIZoomBlur: CIFilterProtocol {
    /// `inputImage`: the image to distort.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the center of the zoom.
    var center: CGPoint { get set }
    /// `inputAmount`: the streak length 100 pixels from the center.
    var amount: Float { get set }
}

/// `CIZoomBlur` with typed properties.
final class ZoomBlurBuiltinFilter: CIBuiltinFilter, CIZoomBlur, @unchecked Sendable {
    init() { super.init(named: "CIZoomBlur") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var center: CGPoint {
        get { point("inputCenter") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputCenter") }
    }
    var amount: Float {
        get { float("inputAmount") }
        set { setValue(newValue, forKey: "inputAmount") }
    }
}

extension CIFilter {
    /// Rotates a portion of the input image specified by the center and radius parameters to give a tunneling effect.
    public static func lightTunnel() -> CIFilter & CILightTunnel { LightTunnelBuiltinFilter() }
    /// Creates a torus-shaped lens and distorts the portion of the image over which the lens is placed.
    public static func torusLensDistortion() -> CIFilter & CITorusLensDistortion { TorusLensDistortionBuiltinFilter() }
    /// Creates a lozenge-shaped lens and distorts the portion of the image over which the lens is placed.
    public static func glassLozenge() -> CIFilter & CIGlassLozenge { GlassLozengeBuiltinFilter() }
    /// Applies the grayscale values of the second image to the first image.
    public static func displacementDistortion() -> CIFilter & CIDisplacementDistortion { DisplacementDistortionBuiltinFilter() }
    /// Distorts an image by applying a glass-like texture.
    public static func glassDistortion() -> CIFilter & CIGlassDistortion { GlassDistortionBuiltinFilter() }
    /// Simulates the effect of zooming the camera while capturing the image.
    public static func zoomBlur() -> CIFilter & CIZoomBlur { ZoomBlurBuiltinFilter() }
}
