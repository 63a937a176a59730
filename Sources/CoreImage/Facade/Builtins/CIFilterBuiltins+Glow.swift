import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style): edges, bloom and gloom, Lab ΔE, linear bump. Properties
// read and write the same store as `setValue(_:forKey:)`.

/// The properties of the `CIEdges` filter.
public protocol CIEdges: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputIntensity`: the intensity of the edges.
    var intensity: Float { get set }
}

/// `CIEdges` with typed properties.
final class EdgesBuiltinFilter: CIBuiltinFilter, CIEdges, @unchecked Sendable {
    init() { super.init(named: "CIEdges") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var intensity: Float {
        get { float("inputIntensity") }
        set { setValue(newValue, forKey: "inputIntensity") }
    }
}

/// The properties of the `CIBloom` filter.
public protocol CIBloom: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputRadius`: the radius of the blur the effect uses.
    var radius: Float { get set }
    /// `inputIntensity`: the intensity of the effect (0: none).
    var intensity: Float { get set }
}

/// `CIBloom` with typed properties.
final class BloomBuiltinFilter: CIBuiltinFilter, CIBloom, @unchecked Sendable {
    init() { super.init(named: "CIBloom") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
    var intensity: Float {
        get { float("inputIntensity") }
        set { setValue(newValue, forKey: "inputIntensity") }
    }
}

/// The properties of the `CIGloom` filter.
public protocol CIGloom: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputRadius`: the radius of the blur the effect uses.
    var radius: Float { get set }
    /// `inputIntensity`: the intensity of the effect (0: none).
    var intensity: Float { get set }
}

/// `CIGloom` with typed properties.
final class GloomBuiltinFilter: CIBuiltinFilter, CIGloom, @unchecked Sendable {
    init() { super.init(named: "CIGloom") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
    var intensity: Float {
        get { float("inputIntensity") }
        set { setValue(newValue, forKey: "inputIntensity") }
    }
}

/// The properties of the `CILabDeltaE` filter.
public protocol CILabDeltaE: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputImage2`: the second input image for comparison.
    var image2: CIImage? { get set }
}

/// `CILabDeltaE` with typed properties.
final class LabDeltaEBuiltinFilter: CIBuiltinFilter, CILabDeltaE, @unchecked Sendable {
    init() { super.init(named: "CILabDeltaE") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var image2: CIImage? {
        get { image("inputImage2") }
        set { setValue(newValue, forKey: "inputImage2") }
    }
}

/// The properties of the `CIBumpDistortionLinear` filter.
public protocol CIBumpDistortionLinear: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputCenter`: the center of the effect as x and y coordinates.
    var center: CGPoint { get set }
    /// `inputRadius`: the half-width of the band the distortion works in.
    var radius: Float { get set }
    /// `inputAngle`: the angle (in radians) of the line around which the distortion occurs.
    var angle: Float { get set }
    /// `inputScale`: the scale of the effect.
    var scale: Float { get set }
}

/// `CIBumpDistortionLinear` with typed properties.
final class BumpDistortionLinearBuiltinFilter: CIBuiltinFilter, CIBumpDistortionLinear, @unchecked Sendable {
    init() { super.init(named: "CIBumpDistortionLinear") }
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
    var scale: Float {
        get { float("inputScale") }
        set { setValue(newValue, forKey: "inputScale") }
    }
}

extension CIFilter {
    /// Finds all edges in an image and displays them in color.
    public static func edges() -> CIFilter & CIEdges { EdgesBuiltinFilter() }
    /// Softens edges and applies a pleasant glow to an image.
    public static func bloom() -> CIFilter & CIBloom { BloomBuiltinFilter() }
    /// Dulls the highlights of an image.
    public static func gloom() -> CIFilter & CIGloom { GloomBuiltinFilter() }
    /// The CIE ΔE*94 colour difference between two images.
    public static func labDeltaE() -> CIFilter & CILabDeltaE { LabDeltaEBuiltinFilter() }
    /// Creates a concave or convex distortion that originates from a line in the image.
    public static func bumpDistortionLinear() -> CIFilter & CIBumpDistortionLinear { BumpDistortionLinearBuiltinFilter() }
}
