import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), coloreffect family: a protocol per filter shape,
// a class per filter (one per shape where filters share it), a `CIFilter` factory. Properties read and write the same store as `setValue(_:forKey:)`.

/// The properties of the `CISepiaTone` filter.
public protocol CISepiaTone: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputIntensity`.
    var intensity: Float { get set }
}

/// `CISepiaTone` with typed properties.
final class SepiaToneBuiltinFilter: CIBuiltinFilter, CISepiaTone, @unchecked Sendable {
    init() { super.init(named: "CISepiaTone") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var intensity: Float {
        get { float("inputIntensity") }
        set { setValue(newValue, forKey: "inputIntensity") }
    }
}

/// The properties of the `CIVignette` filter.
public protocol CIVignette: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputIntensity`.
    var intensity: Float { get set }
    /// `inputRadius`.
    var radius: Float { get set }
}

/// `CIVignette` with typed properties.
final class VignetteBuiltinFilter: CIBuiltinFilter, CIVignette, @unchecked Sendable {
    init() { super.init(named: "CIVignette") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var intensity: Float {
        get { float("inputIntensity") }
        set { setValue(newValue, forKey: "inputIntensity") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
}

/// The properties of the `CIVignetteEffect` filter.
public protocol CIVignetteEffect: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputCenter`.
    var center: CGPoint { get set }
    /// `inputRadius`.
    var radius: Float { get set }
    /// `inputIntensity`.
    var intensity: Float { get set }
    /// `inputFalloff`.
    var falloff: Float { get set }
}

/// `CIVignetteEffect` with typed properties.
final class VignetteEffectBuiltinFilter: CIBuiltinFilter, CIVignetteEffect, @unchecked Sendable {
    init() { super.init(named: "CIVignetteEffect") }
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
    var intensity: Float {
        get { float("inputIntensity") }
        set { setValue(newValue, forKey: "inputIntensity") }
    }
    var falloff: Float {
        get { float("inputFalloff") }
        set { setValue(newValue, forKey: "inputFalloff") }
    }
}

/// The properties of the `CIColorInvert` filter.
public protocol CIColorInvert: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
}

/// `CIColorInvert` with typed properties.
final class ColorInvertBuiltinFilter: CIBuiltinFilter, CIColorInvert, @unchecked Sendable {
    init() { super.init(named: "CIColorInvert") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
}

/// The properties of the `CIColorMonochrome` filter.
public protocol CIColorMonochrome: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputColor`.
    var color: CIColor { get set }
    /// `inputIntensity`.
    var intensity: Float { get set }
}

/// `CIColorMonochrome` with typed properties.
final class ColorMonochromeBuiltinFilter: CIBuiltinFilter, CIColorMonochrome, @unchecked Sendable {
    init() { super.init(named: "CIColorMonochrome") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var color: CIColor {
        get { color("inputColor") }
        set { setValue(newValue, forKey: "inputColor") }
    }
    var intensity: Float {
        get { float("inputIntensity") }
        set { setValue(newValue, forKey: "inputIntensity") }
    }
}

/// The properties of the `CIColorPosterize` filter.
public protocol CIColorPosterize: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputLevels`.
    var levels: Float { get set }
}

/// `CIColorPosterize` with typed properties.
final class ColorPosterizeBuiltinFilter: CIBuiltinFilter, CIColorPosterize, @unchecked Sendable {
    init() { super.init(named: "CIColorPosterize") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var levels: Float {
        get { float("inputLevels") }
        set { setValue(newValue, forKey: "inputLevels") }
    }
}

/// The properties of the `CIFalseColor` filter.
public protocol CIFalseColor: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputColor0`.
    var color0: CIColor { get set }
    /// `inputColor1`.
    var color1: CIColor { get set }
}

/// `CIFalseColor` with typed properties.
final class FalseColorBuiltinFilter: CIBuiltinFilter, CIFalseColor, @unchecked Sendable {
    init() { super.init(named: "CIFalseColor") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var color0: CIColor {
        get { color("inputColor0") }
        set { setValue(newValue, forKey: "inputColor0") }
    }
    var color1: CIColor {
        get { color("inputColor1") }
        set { setValue(newValue, forKey: "inputColor1") }
    }
}

/// The properties of the `CIMaskToAlpha` filter.
public protocol CIMaskToAlpha: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
}

/// `CIMaskToAlpha` with typed properties.
final class MaskToAlphaBuiltinFilter: CIBuiltinFilter, CIMaskToAlpha, @unchecked Sendable {
    init() { super.init(named: "CIMaskToAlpha") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
}

/// The properties of the `CIColorCube` filter.
public protocol CIColorCube: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputCubeDimension`.
    var cubeDimension: Float { get set }
    /// `inputCubeData`.
    var cubeData: Data { get set }
    /// `inputExtrapolate`.
    var extrapolate: Bool { get set }
}

/// `CIColorCube` with typed properties.
final class ColorCubeBuiltinFilter: CIBuiltinFilter, CIColorCube, @unchecked Sendable {
    init() { super.init(named: "CIColorCube") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var cubeDimension: Float {
        get { float("inputCubeDimension") }
        set { setValue(newValue, forKey: "inputCubeDimension") }
    }
    var cubeData: Data {
        get { data("inputCubeData") }
        set { setValue(newValue, forKey: "inputCubeData") }
    }
    var extrapolate: Bool {
        get { bool("inputExtrapolate") }
        set { setValue(newValue, forKey: "inputExtrapolate") }
    }
}

/// The properties of the `CIColorCubeWithColorSpace` filter.
public protocol CIColorCubeWithColorSpace: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputCubeDimension`.
    var cubeDimension: Float { get set }
    /// `inputCubeData`.
    var cubeData: Data { get set }
    /// `inputColorSpace`.
    var colorSpace: CGColorSpace? { get set }
    /// `inputExtrapolate`.
    var extrapolate: Bool { get set }
}

/// `CIColorCubeWithColorSpace` with typed properties.
final class ColorCubeWithColorSpaceBuiltinFilter: CIBuiltinFilter, CIColorCubeWithColorSpace, @unchecked Sendable {
    init() { super.init(named: "CIColorCubeWithColorSpace") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var cubeDimension: Float {
        get { float("inputCubeDimension") }
        set { setValue(newValue, forKey: "inputCubeDimension") }
    }
    var cubeData: Data {
        get { data("inputCubeData") }
        set { setValue(newValue, forKey: "inputCubeData") }
    }
    var colorSpace: CGColorSpace? {
        get { colorSpace("inputColorSpace") }
        set { setValue(newValue, forKey: "inputColorSpace") }
    }
    var extrapolate: Bool {
        get { bool("inputExtrapolate") }
        set { setValue(newValue, forKey: "inputExtrapolate") }
    }
}

/// The properties of the `CIPhotoEffectChrome` filter family.
public protocol CIPhotoEffect: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputExtrapolate`.
    var extrapolate: Bool { get set }
}

/// Typed properties for the eight `CIPhotoEffect…` filters: they share one shape, and the filter name picks the operation.
final class PhotoEffectBuiltinFilter: CIBuiltinFilter, CIPhotoEffect, @unchecked Sendable {
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var extrapolate: Bool {
        get { bool("inputExtrapolate") }
        set { setValue(newValue, forKey: "inputExtrapolate") }
    }
}

extension CIFilter {
    /// A new `CISepiaTone` filter with typed properties, inputs at their defaults.
    public static func sepiaTone() -> CIFilter & CISepiaTone { SepiaToneBuiltinFilter() }
    /// A new `CIVignette` filter with typed properties, inputs at their defaults.
    public static func vignette() -> CIFilter & CIVignette { VignetteBuiltinFilter() }
    /// A new `CIVignetteEffect` filter with typed properties, inputs at their defaults.
    public static func vignetteEffect() -> CIFilter & CIVignetteEffect { VignetteEffectBuiltinFilter() }
    /// A new `CIColorInvert` filter with typed properties, inputs at their defaults.
    public static func colorInvert() -> CIFilter & CIColorInvert { ColorInvertBuiltinFilter() }
    /// A new `CIColorMonochrome` filter with typed properties, inputs at their defaults.
    public static func colorMonochrome() -> CIFilter & CIColorMonochrome { ColorMonochromeBuiltinFilter() }
    /// A new `CIColorPosterize` filter with typed properties, inputs at their defaults.
    public static func colorPosterize() -> CIFilter & CIColorPosterize { ColorPosterizeBuiltinFilter() }
    /// A new `CIFalseColor` filter with typed properties, inputs at their defaults.
    public static func falseColor() -> CIFilter & CIFalseColor { FalseColorBuiltinFilter() }
    /// A new `CIMaskToAlpha` filter with typed properties, inputs at their defaults.
    public static func maskToAlpha() -> CIFilter & CIMaskToAlpha { MaskToAlphaBuiltinFilter() }
    /// A new `CIColorCube` filter with typed properties, inputs at their defaults.
    public static func colorCube() -> CIFilter & CIColorCube { ColorCubeBuiltinFilter() }
    /// A new `CIColorCubeWithColorSpace` filter with typed properties, inputs at their defaults.
    public static func colorCubeWithColorSpace() -> CIFilter & CIColorCubeWithColorSpace { ColorCubeWithColorSpaceBuiltinFilter() }
    /// A new `CIPhotoEffectChrome` filter with typed properties, inputs at their defaults.
    public static func photoEffectChrome() -> CIFilter & CIPhotoEffect { PhotoEffectBuiltinFilter(named: "CIPhotoEffectChrome") }
    /// A new `CIPhotoEffectFade` filter with typed properties, inputs at their defaults.
    public static func photoEffectFade() -> CIFilter & CIPhotoEffect { PhotoEffectBuiltinFilter(named: "CIPhotoEffectFade") }
    /// A new `CIPhotoEffectInstant` filter with typed properties, inputs at their defaults.
    public static func photoEffectInstant() -> CIFilter & CIPhotoEffect { PhotoEffectBuiltinFilter(named: "CIPhotoEffectInstant") }
    /// A new `CIPhotoEffectMono` filter with typed properties, inputs at their defaults.
    public static func photoEffectMono() -> CIFilter & CIPhotoEffect { PhotoEffectBuiltinFilter(named: "CIPhotoEffectMono") }
    /// A new `CIPhotoEffectNoir` filter with typed properties, inputs at their defaults.
    public static func photoEffectNoir() -> CIFilter & CIPhotoEffect { PhotoEffectBuiltinFilter(named: "CIPhotoEffectNoir") }
    /// A new `CIPhotoEffectProcess` filter with typed properties, inputs at their defaults.
    public static func photoEffectProcess() -> CIFilter & CIPhotoEffect { PhotoEffectBuiltinFilter(named: "CIPhotoEffectProcess") }
    /// A new `CIPhotoEffectTonal` filter with typed properties, inputs at their defaults.
    public static func photoEffectTonal() -> CIFilter & CIPhotoEffect { PhotoEffectBuiltinFilter(named: "CIPhotoEffectTonal") }
    /// A new `CIPhotoEffectTransfer` filter with typed properties, inputs at their defaults.
    public static func photoEffectTransfer() -> CIFilter & CIPhotoEffect { PhotoEffectBuiltinFilter(named: "CIPhotoEffectTransfer") }
}
