import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), the blurs and light generators added with issue 19. Properties
// read and write the same store as `setValue(_:forKey:)`; each filter's behaviour is stated on its definition.

/// The properties of the `CIBokehBlur` filter.
public protocol CIBokehBlur: CIFilterProtocol {
    /// `inputImage`: the image to blur.
    var inputImage: CIImage? { get set }
    /// `inputRadius`: the radius of the bokeh disc.
    var radius: Float { get set }
    /// `inputRingAmount`: the extra weight of the disc's ring.
    var ringAmount: Float { get set }
    /// `inputRingSize`: the width of the ring as a fraction of the radius.
    var ringSize: Float { get set }
    /// `inputSoftness`: the width of the disc's soft rim, in pixels.
    var softness: Float { get set }
}

/// `CIBokehBlur` with typed properties.
final class BokehBlurBuiltinFilter: CIBuiltinFilter, CIBokehBlur, @unchecked Sendable {
    init() { super.init(named: "CIBokehBlur") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
    var ringAmount: Float {
        get { float("inputRingAmount") }
        set { setValue(newValue, forKey: "inputRingAmount") }
    }
    var ringSize: Float {
        get { float("inputRingSize") }
        set { setValue(newValue, forKey: "inputRingSize") }
    }
    var softness: Float {
        get { float("inputSoftness") }
        set { setValue(newValue, forKey: "inputSoftness") }
    }
}

/// The properties of the `CIDepthOfField` filter.
public protocol CIDepthOfField: CIFilterProtocol {
    /// `inputImage`: the image to blur.
    var inputImage: CIImage? { get set }
    /// `inputPoint0`: a point of the line in focus.
    var point0: CGPoint { get set }
    /// `inputPoint1`: another point of the line in focus.
    var point1: CGPoint { get set }
    /// `inputSaturation`: the saturation adjustment.
    var saturation: Float { get set }
    /// `inputUnsharpMaskRadius`: the radius of the sharpening.
    var unsharpMaskRadius: Float { get set }
    /// `inputUnsharpMaskIntensity`: the intensity of the sharpening.
    var unsharpMaskIntensity: Float { get set }
    /// `inputRadius`: the largest blur radius.
    var radius: Float { get set }
}

/// `CIDepthOfField` with typed properties.
final class DepthOfFieldBuiltinFilter: CIBuiltinFilter, CIDepthOfField, @unchecked Sendable {
    init() { super.init(named: "CIDepthOfField") }
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
    var saturation: Float {
        get { float("inputSaturation") }
        set { setValue(newValue, forKey: "inputSaturation") }
    }
    var unsharpMaskRadius: Float {
        get { float("inputUnsharpMaskRadius") }
        set { setValue(newValue, forKey: "inputUnsharpMaskRadius") }
    }
    var unsharpMaskIntensity: Float {
        get { float("inputUnsharpMaskIntensity") }
        set { setValue(newValue, forKey: "inputUnsharpMaskIntensity") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
}

/// The properties of the `CISunbeamsGenerator` filter.
public protocol CISunbeamsGenerator: CIFilterProtocol {
    /// `inputCenter`: the center of the sun.
    var center: CGPoint { get set }
    /// `inputColor`: the color of the sun.
    var color: CIColor { get set }
    /// `inputSunRadius`: the radius of the sun.
    var sunRadius: Float { get set }
    /// `inputMaxStriationRadius`: how far the beams reach, in sun radii.
    var maxStriationRadius: Float { get set }
    /// `inputStriationStrength`: the intensity of the beams.
    var striationStrength: Float { get set }
    /// `inputStriationContrast`: the contrast of the beams.
    var striationContrast: Float { get set }
    /// `inputTime`: the turn of the beams.
    var time: Float { get set }
}

/// `CISunbeamsGenerator` with typed properties.
final class SunbeamsGeneratorBuiltinFilter: CIBuiltinFilter, CISunbeamsGenerator, @unchecked Sendable {
    init() { super.init(named: "CISunbeamsGenerator") }
    var center: CGPoint {
        get { point("inputCenter") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputCenter") }
    }
    var color: CIColor {
        get { self.color("inputColor") }
        set { setValue(newValue, forKey: "inputColor") }
    }
    var sunRadius: Float {
        get { float("inputSunRadius") }
        set { setValue(newValue, forKey: "inputSunRadius") }
    }
    var maxStriationRadius: Float {
        get { float("inputMaxStriationRadius") }
        set { setValue(newValue, forKey: "inputMaxStriationRadius") }
    }
    var striationStrength: Float {
        get { float("inputStriationStrength") }
        set { setValue(newValue, forKey: "inputStriationStrength") }
    }
    var striationContrast: Float {
        get { float("inputStriationContrast") }
        set { setValue(newValue, forKey: "inputStriationContrast") }
    }
    var time: Float {
        get { float("inputTime") }
        set { setValue(newValue, forKey: "inputTime") }
    }
}

/// The properties of the `CIStarShineGenerator` filter.
public protocol CIStarShineGenerator: CIFilterProtocol {
    /// `inputCenter`: the center of the star.
    var center: CGPoint { get set }
    /// `inputColor`: the color of the star.
    var color: CIColor { get set }
    /// `inputRadius`: the radius of the star's halo.
    var radius: Float { get set }
    /// `inputCrossScale`: the length of the cross's rays, in widths.
    var crossScale: Float { get set }
    /// `inputCrossAngle`: the angle of the cross.
    var crossAngle: Float { get set }
    /// `inputCrossOpacity`: the opacity of the cross.
    var crossOpacity: Float { get set }
    /// `inputCrossWidth`: the width of the cross's rays.
    var crossWidth: Float { get set }
    /// `inputEpsilon`: the halo's strength, as a power of ten.
    var epsilon: Float { get set }
}

/// `CIStarShineGenerator` with typed properties.
final class StarShineGeneratorBuiltinFilter: CIBuiltinFilter, CIStarShineGenerator, @unchecked Sendable {
    init() { super.init(named: "CIStarShineGenerator") }
    var center: CGPoint {
        get { point("inputCenter") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputCenter") }
    }
    var color: CIColor {
        get { self.color("inputColor") }
        set { setValue(newValue, forKey: "inputColor") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
    var crossScale: Float {
        get { float("inputCrossScale") }
        set { setValue(newValue, forKey: "inputCrossScale") }
    }
    var crossAngle: Float {
        get { float("inputCrossAngle") }
        set { setValue(newValue, forKey: "inputCrossAngle") }
    }
    var crossOpacity: Float {
        get { float("inputCrossOpacity") }
        set { setValue(newValue, forKey: "inputCrossOpacity") }
    }
    var crossWidth: Float {
        get { float("inputCrossWidth") }
        set { setValue(newValue, forKey: "inputCrossWidth") }
    }
    var epsilon: Float {
        get { float("inputEpsilon") }
        set { setValue(newValue, forKey: "inputEpsilon") }
    }
}

/// The properties of the `CILenticularHaloGenerator` filter.
public protocol CILenticularHaloGenerator: CIFilterProtocol {
    /// `inputCenter`: the center of the halo.
    var center: CGPoint { get set }
    /// `inputColor`: the color of the halo.
    var color: CIColor { get set }
    /// `inputHaloRadius`: the radius of the halo.
    var haloRadius: Float { get set }
    /// `inputHaloWidth`: the width of the halo.
    var haloWidth: Float { get set }
    /// `inputHaloOverlap`: how much the halo's colors overlap.
    var haloOverlap: Float { get set }
    /// `inputStriationStrength`: the intensity of the striations.
    var striationStrength: Float { get set }
    /// `inputStriationContrast`: the contrast of the striations.
    var striationContrast: Float { get set }
    /// `inputTime`: the turn of the striations.
    var time: Float { get set }
}

/// `CILenticularHaloGenerator` with typed properties.
final class LenticularHaloGeneratorBuiltinFilter: CIBuiltinFilter, CILenticularHaloGenerator, @unchecked Sendable {
    init() { super.init(named: "CILenticularHaloGenerator") }
    var center: CGPoint {
        get { point("inputCenter") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputCenter") }
    }
    var color: CIColor {
        get { self.color("inputColor") }
        set { setValue(newValue, forKey: "inputColor") }
    }
    var haloRadius: Float {
        get { float("inputHaloRadius") }
        set { setValue(newValue, forKey: "inputHaloRadius") }
    }
    var haloWidth: Float {
        get { float("inputHaloWidth") }
        set { setValue(newValue, forKey: "inputHaloWidth") }
    }
    var haloOverlap: Float {
        get { float("inputHaloOverlap") }
        set { setValue(newValue, forKey: "inputHaloOverlap") }
    }
    var striationStrength: Float {
        get { float("inputStriationStrength") }
        set { setValue(newValue, forKey: "inputStriationStrength") }
    }
    var striationContrast: Float {
        get { float("inputStriationContrast") }
        set { setValue(newValue, forKey: "inputStriationContrast") }
    }
    var time: Float {
        get { float("inputTime") }
        set { setValue(newValue, forKey: "inputTime") }
    }
}

extension CIFilter {
    /// Smooths an image using a disc-shaped convolution kernel.
    public static func bokehBlur() -> CIFilter & CIBokehBlur { BokehBlurBuiltinFilter() }
    /// Simulates miniaturization effect created by Tilt & Shift lens by performing depth of field effects.
    public static func depthOfField() -> CIFilter & CIDepthOfField { DepthOfFieldBuiltinFilter() }
    /// Generates a sun effect.
    public static func sunbeamsGenerator() -> CIFilter & CISunbeamsGenerator { SunbeamsGeneratorBuiltinFilter() }
    /// Generates a starburst-like effect.
    public static func starShineGenerator() -> CIFilter & CIStarShineGenerator { StarShineGeneratorBuiltinFilter() }
    /// Simulates a halo that is generated by the diffraction associated with the spread of a lens.
    public static func lenticularHaloGenerator() -> CIFilter & CILenticularHaloGenerator { LenticularHaloGeneratorBuiltinFilter() }
}
