import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style): thermal and X-ray looks, Lab conversions, Otsu threshold,
// dither. Properties read and write the same store as `setValue(_:forKey:)`.

/// The properties of the `CIThermal` filter.
public protocol CIThermal: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
}

/// The properties of the `CIXRay` filter.
public protocol CIXRay: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
}

/// The properties of the `CIColorThresholdOtsu` filter.
public protocol CIColorThresholdOtsu: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
}

/// The properties of `CIConvertLabToRGB` and `CIConvertRGBtoLab`.
public protocol CIConvertLab: CIFilterProtocol {
    /// `inputImage`: the image to convert.
    var inputImage: CIImage? { get set }
    /// `inputNormalize`: whether L*a*b* values are mapped to 0…1.
    var normalize: Bool { get set }
}

/// The properties of the `CIDither` filter.
public protocol CIDither: CIFilterProtocol {
    /// `inputImage`: the image to use as an input image.
    var inputImage: CIImage? { get set }
    /// `inputIntensity`: the amplitude of the noise.
    var intensity: Float { get set }
}

/// A built-in filter whose only typed property is `inputImage`.
final class ImageOnlyBuiltinFilter: CIBuiltinFilter, CIThermal, CIXRay, CIColorThresholdOtsu, @unchecked Sendable {
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
}

/// `CIConvertLabToRGB` / `CIConvertRGBtoLab` with typed properties.
final class ConvertLabBuiltinFilter: CIBuiltinFilter, CIConvertLab, @unchecked Sendable {
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var normalize: Bool {
        get { bool("inputNormalize") }
        set { setValue(newValue, forKey: "inputNormalize") }
    }
}

/// `CIDither` with typed properties.
final class DitherBuiltinFilter: CIBuiltinFilter, CIDither, @unchecked Sendable {
    init() { super.init(named: "CIDither") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var intensity: Float {
        get { float("inputIntensity") }
        set { setValue(newValue, forKey: "inputIntensity") }
    }
}

extension CIFilter {
    /// A thermal-camera look: luminance mapped to false colours.
    public static func thermal() -> CIFilter & CIThermal { ImageOnlyBuiltinFilter(named: "CIThermal") }
    /// An X-ray look: a cool-tinted negative of the luminance.
    public static func xRay() -> CIFilter & CIXRay { ImageOnlyBuiltinFilter(named: "CIXRay") }
    /// A binarized image whose threshold is chosen by Otsu's method.
    public static func colorThresholdOtsu() -> CIFilter & CIColorThresholdOtsu { ImageOnlyBuiltinFilter(named: "CIColorThresholdOtsu") }
    /// Converts L*a*b* values to the RGB working space.
    public static func convertLabToRGB() -> CIFilter & CIConvertLab { ConvertLabBuiltinFilter(named: "CIConvertLabToRGB") }
    /// Converts the RGB working space to L*a*b* values.
    public static func convertRGBtoLab() -> CIFilter & CIConvertLab { ConvertLabBuiltinFilter(named: "CIConvertRGBtoLab") }
    /// Adds noise before quantisation.
    public static func dither() -> CIFilter & CIDither { DitherBuiltinFilter() }
}
