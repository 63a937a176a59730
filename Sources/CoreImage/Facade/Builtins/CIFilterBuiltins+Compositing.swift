import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), compositing family: a protocol per filter shape,
// a class per filter, a `CIFilter` factory. Properties read and write the same store as `setValue(_:forKey:)`.

/// The properties of the `CISourceOverCompositing` filter family.
public protocol CICompositeOperation: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputBackgroundImage`.
    var backgroundImage: CIImage? { get set }
}

/// `CISourceOverCompositing` with typed properties.
final class SourceOverCompositingBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CISourceOverCompositing") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CISourceAtopCompositing` with typed properties.
final class SourceAtopCompositingBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CISourceAtopCompositing") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CISourceInCompositing` with typed properties.
final class SourceInCompositingBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CISourceInCompositing") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CISourceOutCompositing` with typed properties.
final class SourceOutCompositingBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CISourceOutCompositing") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CIAdditionCompositing` with typed properties.
final class AdditionCompositingBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CIAdditionCompositing") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CIMultiplyCompositing` with typed properties.
final class MultiplyCompositingBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CIMultiplyCompositing") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CIMinimumCompositing` with typed properties.
final class MinimumCompositingBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CIMinimumCompositing") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CIMaximumCompositing` with typed properties.
final class MaximumCompositingBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CIMaximumCompositing") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CIMultiplyBlendMode` with typed properties.
final class MultiplyBlendModeBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CIMultiplyBlendMode") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CIScreenBlendMode` with typed properties.
final class ScreenBlendModeBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CIScreenBlendMode") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CIOverlayBlendMode` with typed properties.
final class OverlayBlendModeBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CIOverlayBlendMode") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CIDarkenBlendMode` with typed properties.
final class DarkenBlendModeBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CIDarkenBlendMode") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CILightenBlendMode` with typed properties.
final class LightenBlendModeBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CILightenBlendMode") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CIColorDodgeBlendMode` with typed properties.
final class ColorDodgeBlendModeBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CIColorDodgeBlendMode") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CIColorBurnBlendMode` with typed properties.
final class ColorBurnBlendModeBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CIColorBurnBlendMode") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CIHardLightBlendMode` with typed properties.
final class HardLightBlendModeBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CIHardLightBlendMode") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CISoftLightBlendMode` with typed properties.
final class SoftLightBlendModeBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CISoftLightBlendMode") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CIDifferenceBlendMode` with typed properties.
final class DifferenceBlendModeBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CIDifferenceBlendMode") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CIExclusionBlendMode` with typed properties.
final class ExclusionBlendModeBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CIExclusionBlendMode") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CISubtractBlendMode` with typed properties.
final class SubtractBlendModeBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CISubtractBlendMode") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CIDivideBlendMode` with typed properties.
final class DivideBlendModeBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CIDivideBlendMode") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CILinearBurnBlendMode` with typed properties.
final class LinearBurnBlendModeBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CILinearBurnBlendMode") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CILinearDodgeBlendMode` with typed properties.
final class LinearDodgeBlendModeBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CILinearDodgeBlendMode") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CIPinLightBlendMode` with typed properties.
final class PinLightBlendModeBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CIPinLightBlendMode") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CIHueBlendMode` with typed properties.
final class HueBlendModeBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CIHueBlendMode") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CISaturationBlendMode` with typed properties.
final class SaturationBlendModeBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CISaturationBlendMode") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CIColorBlendMode` with typed properties.
final class ColorBlendModeBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CIColorBlendMode") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// `CILuminosityBlendMode` with typed properties.
final class LuminosityBlendModeBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
    init() { super.init(named: "CILuminosityBlendMode") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
}

/// The properties of the `CIBlendWithMask` filter family.
public protocol CIBlendWithMask: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputBackgroundImage`.
    var backgroundImage: CIImage? { get set }
    /// `inputMaskImage`.
    var maskImage: CIImage? { get set }
}

/// `CIBlendWithMask` with typed properties.
final class BlendWithMaskBuiltinFilter: CIBuiltinFilter, CIBlendWithMask, @unchecked Sendable {
    init() { super.init(named: "CIBlendWithMask") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
    var maskImage: CIImage? {
        get { image("inputMaskImage") }
        set { setValue(newValue, forKey: "inputMaskImage") }
    }
}

/// `CIBlendWithRedMask` with typed properties.
final class BlendWithRedMaskBuiltinFilter: CIBuiltinFilter, CIBlendWithMask, @unchecked Sendable {
    init() { super.init(named: "CIBlendWithRedMask") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
    var maskImage: CIImage? {
        get { image("inputMaskImage") }
        set { setValue(newValue, forKey: "inputMaskImage") }
    }
}

/// `CIBlendWithBlueMask` with typed properties.
final class BlendWithBlueMaskBuiltinFilter: CIBuiltinFilter, CIBlendWithMask, @unchecked Sendable {
    init() { super.init(named: "CIBlendWithBlueMask") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
    var maskImage: CIImage? {
        get { image("inputMaskImage") }
        set { setValue(newValue, forKey: "inputMaskImage") }
    }
}

/// `CIBlendWithAlphaMask` with typed properties.
final class BlendWithAlphaMaskBuiltinFilter: CIBuiltinFilter, CIBlendWithMask, @unchecked Sendable {
    init() { super.init(named: "CIBlendWithAlphaMask") }
    var inputImage: CIImage? {
        get { image("inputImage") }
        set { setValue(newValue, forKey: "inputImage") }
    }
    var backgroundImage: CIImage? {
        get { image("inputBackgroundImage") }
        set { setValue(newValue, forKey: "inputBackgroundImage") }
    }
    var maskImage: CIImage? {
        get { image("inputMaskImage") }
        set { setValue(newValue, forKey: "inputMaskImage") }
    }
}

extension CIFilter {
    /// A new `CISourceOverCompositing` filter with typed properties, inputs at their defaults.
    public static func sourceOverCompositing() -> CIFilter & CICompositeOperation { SourceOverCompositingBuiltinFilter() }
    /// A new `CISourceAtopCompositing` filter with typed properties, inputs at their defaults.
    public static func sourceAtopCompositing() -> CIFilter & CICompositeOperation { SourceAtopCompositingBuiltinFilter() }
    /// A new `CISourceInCompositing` filter with typed properties, inputs at their defaults.
    public static func sourceInCompositing() -> CIFilter & CICompositeOperation { SourceInCompositingBuiltinFilter() }
    /// A new `CISourceOutCompositing` filter with typed properties, inputs at their defaults.
    public static func sourceOutCompositing() -> CIFilter & CICompositeOperation { SourceOutCompositingBuiltinFilter() }
    /// A new `CIAdditionCompositing` filter with typed properties, inputs at their defaults.
    public static func additionCompositing() -> CIFilter & CICompositeOperation { AdditionCompositingBuiltinFilter() }
    /// A new `CIMultiplyCompositing` filter with typed properties, inputs at their defaults.
    public static func multiplyCompositing() -> CIFilter & CICompositeOperation { MultiplyCompositingBuiltinFilter() }
    /// A new `CIMinimumCompositing` filter with typed properties, inputs at their defaults.
    public static func minimumCompositing() -> CIFilter & CICompositeOperation { MinimumCompositingBuiltinFilter() }
    /// A new `CIMaximumCompositing` filter with typed properties, inputs at their defaults.
    public static func maximumCompositing() -> CIFilter & CICompositeOperation { MaximumCompositingBuiltinFilter() }
    /// A new `CIMultiplyBlendMode` filter with typed properties, inputs at their defaults.
    public static func multiplyBlendMode() -> CIFilter & CICompositeOperation { MultiplyBlendModeBuiltinFilter() }
    /// A new `CIScreenBlendMode` filter with typed properties, inputs at their defaults.
    public static func screenBlendMode() -> CIFilter & CICompositeOperation { ScreenBlendModeBuiltinFilter() }
    /// A new `CIOverlayBlendMode` filter with typed properties, inputs at their defaults.
    public static func overlayBlendMode() -> CIFilter & CICompositeOperation { OverlayBlendModeBuiltinFilter() }
    /// A new `CIDarkenBlendMode` filter with typed properties, inputs at their defaults.
    public static func darkenBlendMode() -> CIFilter & CICompositeOperation { DarkenBlendModeBuiltinFilter() }
    /// A new `CILightenBlendMode` filter with typed properties, inputs at their defaults.
    public static func lightenBlendMode() -> CIFilter & CICompositeOperation { LightenBlendModeBuiltinFilter() }
    /// A new `CIColorDodgeBlendMode` filter with typed properties, inputs at their defaults.
    public static func colorDodgeBlendMode() -> CIFilter & CICompositeOperation { ColorDodgeBlendModeBuiltinFilter() }
    /// A new `CIColorBurnBlendMode` filter with typed properties, inputs at their defaults.
    public static func colorBurnBlendMode() -> CIFilter & CICompositeOperation { ColorBurnBlendModeBuiltinFilter() }
    /// A new `CIHardLightBlendMode` filter with typed properties, inputs at their defaults.
    public static func hardLightBlendMode() -> CIFilter & CICompositeOperation { HardLightBlendModeBuiltinFilter() }
    /// A new `CISoftLightBlendMode` filter with typed properties, inputs at their defaults.
    public static func softLightBlendMode() -> CIFilter & CICompositeOperation { SoftLightBlendModeBuiltinFilter() }
    /// A new `CIDifferenceBlendMode` filter with typed properties, inputs at their defaults.
    public static func differenceBlendMode() -> CIFilter & CICompositeOperation { DifferenceBlendModeBuiltinFilter() }
    /// A new `CIExclusionBlendMode` filter with typed properties, inputs at their defaults.
    public static func exclusionBlendMode() -> CIFilter & CICompositeOperation { ExclusionBlendModeBuiltinFilter() }
    /// A new `CISubtractBlendMode` filter with typed properties, inputs at their defaults.
    public static func subtractBlendMode() -> CIFilter & CICompositeOperation { SubtractBlendModeBuiltinFilter() }
    /// A new `CIDivideBlendMode` filter with typed properties, inputs at their defaults.
    public static func divideBlendMode() -> CIFilter & CICompositeOperation { DivideBlendModeBuiltinFilter() }
    /// A new `CILinearBurnBlendMode` filter with typed properties, inputs at their defaults.
    public static func linearBurnBlendMode() -> CIFilter & CICompositeOperation { LinearBurnBlendModeBuiltinFilter() }
    /// A new `CILinearDodgeBlendMode` filter with typed properties, inputs at their defaults.
    public static func linearDodgeBlendMode() -> CIFilter & CICompositeOperation { LinearDodgeBlendModeBuiltinFilter() }
    /// A new `CIPinLightBlendMode` filter with typed properties, inputs at their defaults.
    public static func pinLightBlendMode() -> CIFilter & CICompositeOperation { PinLightBlendModeBuiltinFilter() }
    /// A new `CIHueBlendMode` filter with typed properties, inputs at their defaults.
    public static func hueBlendMode() -> CIFilter & CICompositeOperation { HueBlendModeBuiltinFilter() }
    /// A new `CISaturationBlendMode` filter with typed properties, inputs at their defaults.
    public static func saturationBlendMode() -> CIFilter & CICompositeOperation { SaturationBlendModeBuiltinFilter() }
    /// A new `CIColorBlendMode` filter with typed properties, inputs at their defaults.
    public static func colorBlendMode() -> CIFilter & CICompositeOperation { ColorBlendModeBuiltinFilter() }
    /// A new `CILuminosityBlendMode` filter with typed properties, inputs at their defaults.
    public static func luminosityBlendMode() -> CIFilter & CICompositeOperation { LuminosityBlendModeBuiltinFilter() }
    /// A new `CIBlendWithMask` filter with typed properties, inputs at their defaults.
    public static func blendWithMask() -> CIFilter & CIBlendWithMask { BlendWithMaskBuiltinFilter() }
    /// A new `CIBlendWithRedMask` filter with typed properties, inputs at their defaults.
    public static func blendWithRedMask() -> CIFilter & CIBlendWithMask { BlendWithRedMaskBuiltinFilter() }
    /// A new `CIBlendWithBlueMask` filter with typed properties, inputs at their defaults.
    public static func blendWithBlueMask() -> CIFilter & CIBlendWithMask { BlendWithBlueMaskBuiltinFilter() }
    /// A new `CIBlendWithAlphaMask` filter with typed properties, inputs at their defaults.
    public static func blendWithAlphaMask() -> CIFilter & CIBlendWithMask { BlendWithAlphaMaskBuiltinFilter() }
}
