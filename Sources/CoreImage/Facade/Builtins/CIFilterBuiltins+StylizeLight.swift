import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), the lighting, height-field and gradient filters added with issue 19.
// Properties read and write the same store as `setValue(_:forKey:)`; each filter's behaviour is stated on its definition.

/// The properties of the `CISpotLight` filter.
public protocol CISpotLight: CIFilterProtocol {
    /// `inputImage`: the image to light.
    var inputImage: CIImage? { get set }
    /// `inputLightPosition`: the position of the light (x, y, z).
    var lightPosition: CIVector { get set }
    /// `inputLightPointsAt`: the point the light is aimed at (x, y, z).
    var lightPointsAt: CIVector { get set }
    /// `inputBrightness`: the brightness of the light.
    var brightness: Float { get set }
    /// `inputConcentration`: how evenly the light spreads (low values focus it).
    var concentration: Float { get set }
    /// `inputColor`: the color of the light.
    var color: CIColor { get set }
}

/// `CISpotLight` with typed properties.
final class SpotLightBuiltinFilter: CIBuiltinFilter, CISpotLight, @unchecked Sendable {
    init() { super.init(named: "CISpotLight") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var lightPosition: CIVector {
        get { vector("inputLightPosition") }
        set { setValue(newValue, forKey: "inputLightPosition") }
    }
    var lightPointsAt: CIVector {
        get { vector("inputLightPointsAt") }
        set { setValue(newValue, forKey: "inputLightPointsAt") }
    }
    var brightness: Float {
        get { float("inputBrightness") }
        set { setValue(newValue, forKey: "inputBrightness") }
    }
    var concentration: Float {
        get { float("inputConcentration") }
        set { setValue(newValue, forKey: "inputConcentration") }
    }
    var color: CIColor {
        get { self.color("inputColor") }
        set { setValue(newValue, forKey: "inputColor") }
    }
}

/// The properties of the `CIHeightFieldFromMask` filter.
public protocol CIHeightFieldFromMask: CIFilterProtocol {
    /// `inputImage`: the mask.
    var inputImage: CIImage? { get set }
    /// `inputRadius`: how far inside the mask the height reaches its top.
    var radius: Float { get set }
}

/// `CIHeightFieldFromMask` with typed properties.
final class HeightFieldFromMaskBuiltinFilter: CIBuiltinFilter, CIHeightFieldFromMask, @unchecked Sendable {
    init() { super.init(named: "CIHeightFieldFromMask") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
}

/// The properties of the `CIShadedMaterial` filter.
public protocol CIShadedMaterial: CIFilterProtocol {
    /// `inputImage`: the height field.
    var inputImage: CIImage? { get set }
    /// `inputShadingImage`: the picture of a lit sphere.
    var shadingImage: CIImage? { get set }
    /// `inputScale`: the steepness of the height field.
    var scale: Float { get set }
}

/// `CIShadedMaterial` with typed properties.
final class ShadedMaterialBuiltinFilter: CIBuiltinFilter, CIShadedMaterial, @unchecked Sendable {
    init() { super.init(named: "CIShadedMaterial") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var shadingImage: CIImage? {
        get { image("inputShadingImage") }
        set { setValue(newValue, forKey: "inputShadingImage") }
    }
    var scale: Float {
        get { float("inputScale") }
        set { setValue(newValue, forKey: "inputScale") }
    }
}

/// The properties of the `CISobelGradients` filter.
public protocol CISobelGradients: CIFilterProtocol {
    /// `inputImage`: the image whose gradients to find.
    var inputImage: CIImage? { get set }
}

/// `CISobelGradients` with typed properties.
final class SobelGradientsBuiltinFilter: CIBuiltinFilter, CISobelGradients, @unchecked Sendable {
    init() { super.init(named: "CISobelGradients") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
}

/// The properties of the `CIGaborGradients` filter.
public protocol CIGaborGradients: CIFilterProtocol {
    /// `inputImage`: the image whose gradients to find.
    var inputImage: CIImage? { get set }
}

/// `CIGaborGradients` with typed properties.
final class GaborGradientsBuiltinFilter: CIBuiltinFilter, CIGaborGradients, @unchecked Sendable {
    init() { super.init(named: "CIGaborGradients") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
}

extension CIFilter {
    /// Applies a directional spotlight effect to an image.
    public static func spotLight() -> CIFilter & CISpotLight { SpotLightBuiltinFilter() }
    /// Produces a continuous three-dimensional, loft-shaped height field from a grayscale mask.
    public static func heightFieldFromMask() -> CIFilter & CIHeightFieldFromMask { HeightFieldFromMaskBuiltinFilter() }
    /// Produces a shaded image from a height field.
    public static func shadedMaterial() -> CIFilter & CIShadedMaterial { ShadedMaterialBuiltinFilter() }
    /// Applies multichannel 3 by 3 Sobel gradient filter to an image.
    public static func sobelGradients() -> CIFilter & CISobelGradients { SobelGradientsBuiltinFilter() }
    /// Applies multichannel 5 by 5 Gabor gradient filter to an image.
    public static func gaborGradients() -> CIFilter & CIGaborGradients { GaborGradientsBuiltinFilter() }
}
