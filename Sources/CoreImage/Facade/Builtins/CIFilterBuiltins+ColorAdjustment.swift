import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), coloradjustment family: a protocol per filter shape,
// a class per filter, a `CIFilter` factory. Properties read and write the same store as `setValue(_:forKey:)`.

/// The properties of the `CIExposureAdjust` filter.
public protocol CIExposureAdjust: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputEV`.
    var ev: Float { get set }
}

/// `CIExposureAdjust` with typed properties.
final class ExposureAdjustBuiltinFilter: CIBuiltinFilter, CIExposureAdjust, @unchecked Sendable {
    init() { super.init(named: "CIExposureAdjust") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var ev: Float {
        get { float("inputEV") }
        set { setValue(newValue, forKey: "inputEV") }
    }
}

/// The properties of the `CIColorControls` filter.
public protocol CIColorControls: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputSaturation`.
    var saturation: Float { get set }
    /// `inputBrightness`.
    var brightness: Float { get set }
    /// `inputContrast`.
    var contrast: Float { get set }
}

/// `CIColorControls` with typed properties.
final class ColorControlsBuiltinFilter: CIBuiltinFilter, CIColorControls, @unchecked Sendable {
    init() { super.init(named: "CIColorControls") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var saturation: Float {
        get { float("inputSaturation") }
        set { setValue(newValue, forKey: "inputSaturation") }
    }
    var brightness: Float {
        get { float("inputBrightness") }
        set { setValue(newValue, forKey: "inputBrightness") }
    }
    var contrast: Float {
        get { float("inputContrast") }
        set { setValue(newValue, forKey: "inputContrast") }
    }
}

/// The properties of the `CIGammaAdjust` filter.
public protocol CIGammaAdjust: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputPower`.
    var power: Float { get set }
}

/// `CIGammaAdjust` with typed properties.
final class GammaAdjustBuiltinFilter: CIBuiltinFilter, CIGammaAdjust, @unchecked Sendable {
    init() { super.init(named: "CIGammaAdjust") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var power: Float {
        get { float("inputPower") }
        set { setValue(newValue, forKey: "inputPower") }
    }
}

/// The properties of the `CIHueAdjust` filter.
public protocol CIHueAdjust: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputAngle`.
    var angle: Float { get set }
}

/// `CIHueAdjust` with typed properties.
final class HueAdjustBuiltinFilter: CIBuiltinFilter, CIHueAdjust, @unchecked Sendable {
    init() { super.init(named: "CIHueAdjust") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var angle: Float {
        get { float("inputAngle") }
        set { setValue(newValue, forKey: "inputAngle") }
    }
}

/// The properties of the `CIWhitePointAdjust` filter.
public protocol CIWhitePointAdjust: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputColor`.
    var color: CIColor { get set }
}

/// `CIWhitePointAdjust` with typed properties.
final class WhitePointAdjustBuiltinFilter: CIBuiltinFilter, CIWhitePointAdjust, @unchecked Sendable {
    init() { super.init(named: "CIWhitePointAdjust") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var color: CIColor {
        get { color("inputColor") }
        set { setValue(newValue, forKey: "inputColor") }
    }
}

/// The properties of the `CIColorMatrix` filter.
public protocol CIColorMatrix: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputRVector`.
    var rVector: CIVector { get set }
    /// `inputGVector`.
    var gVector: CIVector { get set }
    /// `inputBVector`.
    var bVector: CIVector { get set }
    /// `inputAVector`.
    var aVector: CIVector { get set }
    /// `inputBiasVector`.
    var biasVector: CIVector { get set }
}

/// `CIColorMatrix` with typed properties.
final class ColorMatrixBuiltinFilter: CIBuiltinFilter, CIColorMatrix, @unchecked Sendable {
    init() { super.init(named: "CIColorMatrix") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var rVector: CIVector {
        get { vector("inputRVector") }
        set { setValue(newValue, forKey: "inputRVector") }
    }
    var gVector: CIVector {
        get { vector("inputGVector") }
        set { setValue(newValue, forKey: "inputGVector") }
    }
    var bVector: CIVector {
        get { vector("inputBVector") }
        set { setValue(newValue, forKey: "inputBVector") }
    }
    var aVector: CIVector {
        get { vector("inputAVector") }
        set { setValue(newValue, forKey: "inputAVector") }
    }
    var biasVector: CIVector {
        get { vector("inputBiasVector") }
        set { setValue(newValue, forKey: "inputBiasVector") }
    }
}

/// The properties of the `CIColorClamp` filter.
public protocol CIColorClamp: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputMinComponents`.
    var minComponents: CIVector { get set }
    /// `inputMaxComponents`.
    var maxComponents: CIVector { get set }
}

/// `CIColorClamp` with typed properties.
final class ColorClampBuiltinFilter: CIBuiltinFilter, CIColorClamp, @unchecked Sendable {
    init() { super.init(named: "CIColorClamp") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var minComponents: CIVector {
        get { vector("inputMinComponents") }
        set { setValue(newValue, forKey: "inputMinComponents") }
    }
    var maxComponents: CIVector {
        get { vector("inputMaxComponents") }
        set { setValue(newValue, forKey: "inputMaxComponents") }
    }
}

/// The properties of the `CIVibrance` filter.
public protocol CIVibrance: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputAmount`.
    var amount: Float { get set }
}

/// `CIVibrance` with typed properties.
final class VibranceBuiltinFilter: CIBuiltinFilter, CIVibrance, @unchecked Sendable {
    init() { super.init(named: "CIVibrance") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var amount: Float {
        get { float("inputAmount") }
        set { setValue(newValue, forKey: "inputAmount") }
    }
}

/// The properties of the `CIToneCurve` filter.
public protocol CIToneCurve: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputPoint0`.
    var point0: CGPoint { get set }
    /// `inputPoint1`.
    var point1: CGPoint { get set }
    /// `inputPoint2`.
    var point2: CGPoint { get set }
    /// `inputPoint3`.
    var point3: CGPoint { get set }
    /// `inputPoint4`.
    var point4: CGPoint { get set }
}

/// `CIToneCurve` with typed properties.
final class ToneCurveBuiltinFilter: CIBuiltinFilter, CIToneCurve, @unchecked Sendable {
    init() { super.init(named: "CIToneCurve") }
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
    var point2: CGPoint {
        get { point("inputPoint2") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputPoint2") }
    }
    var point3: CGPoint {
        get { point("inputPoint3") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputPoint3") }
    }
    var point4: CGPoint {
        get { point("inputPoint4") }
        set { setValue(CIVector(cgPoint: newValue), forKey: "inputPoint4") }
    }
}

/// The properties of the `CITemperatureAndTint` filter.
public protocol CITemperatureAndTint: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputNeutral`.
    var neutral: CIVector { get set }
    /// `inputTargetNeutral`.
    var targetNeutral: CIVector { get set }
}

/// `CITemperatureAndTint` with typed properties.
final class TemperatureAndTintBuiltinFilter: CIBuiltinFilter, CITemperatureAndTint, @unchecked Sendable {
    init() { super.init(named: "CITemperatureAndTint") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var neutral: CIVector {
        get { vector("inputNeutral") }
        set { setValue(newValue, forKey: "inputNeutral") }
    }
    var targetNeutral: CIVector {
        get { vector("inputTargetNeutral") }
        set { setValue(newValue, forKey: "inputTargetNeutral") }
    }
}

/// The properties of the `CIHighlightShadowAdjust` filter.
public protocol CIHighlightShadowAdjust: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputRadius`.
    var radius: Float { get set }
    /// `inputShadowAmount`.
    var shadowAmount: Float { get set }
    /// `inputHighlightAmount`.
    var highlightAmount: Float { get set }
}

/// `CIHighlightShadowAdjust` with typed properties.
final class HighlightShadowAdjustBuiltinFilter: CIBuiltinFilter, CIHighlightShadowAdjust, @unchecked Sendable {
    init() { super.init(named: "CIHighlightShadowAdjust") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var radius: Float {
        get { float("inputRadius") }
        set { setValue(newValue, forKey: "inputRadius") }
    }
    var shadowAmount: Float {
        get { float("inputShadowAmount") }
        set { setValue(newValue, forKey: "inputShadowAmount") }
    }
    var highlightAmount: Float {
        get { float("inputHighlightAmount") }
        set { setValue(newValue, forKey: "inputHighlightAmount") }
    }
}

/// The properties of the `CILinearToSRGBToneCurve` filter.
public protocol CILinearToSRGBToneCurve: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
}

/// `CILinearToSRGBToneCurve` with typed properties.
final class LinearToSRGBToneCurveBuiltinFilter: CIBuiltinFilter, CILinearToSRGBToneCurve, @unchecked Sendable {
    init() { super.init(named: "CILinearToSRGBToneCurve") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
}

/// The properties of the `CISRGBToneCurveToLinear` filter.
public protocol CISRGBToneCurveToLinear: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
}

/// `CISRGBToneCurveToLinear` with typed properties.
final class SRGBToneCurveToLinearBuiltinFilter: CIBuiltinFilter, CISRGBToneCurveToLinear, @unchecked Sendable {
    init() { super.init(named: "CISRGBToneCurveToLinear") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
}

extension CIFilter {
    /// A new `CIExposureAdjust` filter with typed properties, inputs at their defaults.
    public static func exposureAdjust() -> CIFilter & CIExposureAdjust { ExposureAdjustBuiltinFilter() }
    /// A new `CIColorControls` filter with typed properties, inputs at their defaults.
    public static func colorControls() -> CIFilter & CIColorControls { ColorControlsBuiltinFilter() }
    /// A new `CIGammaAdjust` filter with typed properties, inputs at their defaults.
    public static func gammaAdjust() -> CIFilter & CIGammaAdjust { GammaAdjustBuiltinFilter() }
    /// A new `CIHueAdjust` filter with typed properties, inputs at their defaults.
    public static func hueAdjust() -> CIFilter & CIHueAdjust { HueAdjustBuiltinFilter() }
    /// A new `CIWhitePointAdjust` filter with typed properties, inputs at their defaults.
    public static func whitePointAdjust() -> CIFilter & CIWhitePointAdjust { WhitePointAdjustBuiltinFilter() }
    /// A new `CIColorMatrix` filter with typed properties, inputs at their defaults.
    public static func colorMatrix() -> CIFilter & CIColorMatrix { ColorMatrixBuiltinFilter() }
    /// A new `CIColorClamp` filter with typed properties, inputs at their defaults.
    public static func colorClamp() -> CIFilter & CIColorClamp { ColorClampBuiltinFilter() }
    /// A new `CIVibrance` filter with typed properties, inputs at their defaults.
    public static func vibrance() -> CIFilter & CIVibrance { VibranceBuiltinFilter() }
    /// A new `CIToneCurve` filter with typed properties, inputs at their defaults.
    public static func toneCurve() -> CIFilter & CIToneCurve { ToneCurveBuiltinFilter() }
    /// A new `CITemperatureAndTint` filter with typed properties, inputs at their defaults.
    public static func temperatureAndTint() -> CIFilter & CITemperatureAndTint { TemperatureAndTintBuiltinFilter() }
    /// A new `CIHighlightShadowAdjust` filter with typed properties, inputs at their defaults.
    public static func highlightShadowAdjust() -> CIFilter & CIHighlightShadowAdjust { HighlightShadowAdjustBuiltinFilter() }
    /// A new `CILinearToSRGBToneCurve` filter with typed properties, inputs at their defaults.
    public static func linearToSRGBToneCurve() -> CIFilter & CILinearToSRGBToneCurve { LinearToSRGBToneCurveBuiltinFilter() }
    /// A new `CISRGBToneCurveToLinear` filter with typed properties, inputs at their defaults.
    public static func sRGBToneCurveToLinear() -> CIFilter & CISRGBToneCurveToLinear { SRGBToneCurveToLinearBuiltinFilter() }
}
