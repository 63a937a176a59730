import Foundation

// Typed filters (CoreImage.CIFilterBuiltins style), compositing family: a protocol per filter shape,
// a class per filter (one per shape where filters share it), a `CIFilter` factory. Properties read and write the same store as `setValue(_:forKey:)`.

/// The properties of the `CISourceOverCompositing` filter family.
public protocol CICompositeOperation: CIFilterProtocol {
    /// `inputImage`.
    var inputImage: CIImage? { get set }
    /// `inputBackgroundImage`.
    var backgroundImage: CIImage? { get set }
}

/// Typed properties for every Porter-Duff compositing and blend-mode filter: they share one shape, and the filter name picks the operation.
final class CompositeOperationBuiltinFilter: CIBuiltinFilter, CICompositeOperation, @unchecked Sendable {
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

/// Typed properties for the four mask blends: they share one shape, and the filter name picks the operation.
final class MaskBlendBuiltinFilter: CIBuiltinFilter, CIBlendWithMask, @unchecked Sendable {
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
    public static func sourceOverCompositing() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CISourceOverCompositing") }
    /// A new `CISourceAtopCompositing` filter with typed properties, inputs at their defaults.
    public static func sourceAtopCompositing() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CISourceAtopCompositing") }
    /// A new `CISourceInCompositing` filter with typed properties, inputs at their defaults.
    public static func sourceInCompositing() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CISourceInCompositing") }
    /// A new `CISourceOutCompositing` filter with typed properties, inputs at their defaults.
    public static func sourceOutCompositing() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CISourceOutCompositing") }
    /// A new `CIAdditionCompositing` filter with typed properties, inputs at their defaults.
    public static func additionCompositing() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CIAdditionCompositing") }
    /// A new `CIMultiplyCompositing` filter with typed properties, inputs at their defaults.
    public static func multiplyCompositing() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CIMultiplyCompositing") }
    /// A new `CIMinimumCompositing` filter with typed properties, inputs at their defaults.
    public static func minimumCompositing() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CIMinimumCompositing") }
    /// A new `CIMaximumCompositing` filter with typed properties, inputs at their defaults.
    public static func maximumCompositing() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CIMaximumCompositing") }
    /// A new `CIMultiplyBlendMode` filter with typed properties, inputs at their defaults.
    public static func multiplyBlendMode() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CIMultiplyBlendMode") }
    /// A new `CIScreenBlendMode` filter with typed properties, inputs at their defaults.
    public static func screenBlendMode() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CIScreenBlendMode") }
    /// A new `CIOverlayBlendMode` filter with typed properties, inputs at their defaults.
    public static func overlayBlendMode() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CIOverlayBlendMode") }
    /// A new `CIDarkenBlendMode` filter with typed properties, inputs at their defaults.
    public static func darkenBlendMode() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CIDarkenBlendMode") }
    /// A new `CILightenBlendMode` filter with typed properties, inputs at their defaults.
    public static func lightenBlendMode() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CILightenBlendMode") }
    /// A new `CIColorDodgeBlendMode` filter with typed properties, inputs at their defaults.
    public static func colorDodgeBlendMode() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CIColorDodgeBlendMode") }
    /// A new `CIColorBurnBlendMode` filter with typed properties, inputs at their defaults.
    public static func colorBurnBlendMode() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CIColorBurnBlendMode") }
    /// A new `CIHardLightBlendMode` filter with typed properties, inputs at their defaults.
    public static func hardLightBlendMode() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CIHardLightBlendMode") }
    /// A new `CISoftLightBlendMode` filter with typed properties, inputs at their defaults.
    public static func softLightBlendMode() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CISoftLightBlendMode") }
    /// A new `CIDifferenceBlendMode` filter with typed properties, inputs at their defaults.
    public static func differenceBlendMode() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CIDifferenceBlendMode") }
    /// A new `CIExclusionBlendMode` filter with typed properties, inputs at their defaults.
    public static func exclusionBlendMode() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CIExclusionBlendMode") }
    /// A new `CISubtractBlendMode` filter with typed properties, inputs at their defaults.
    public static func subtractBlendMode() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CISubtractBlendMode") }
    /// A new `CIDivideBlendMode` filter with typed properties, inputs at their defaults.
    public static func divideBlendMode() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CIDivideBlendMode") }
    /// A new `CILinearBurnBlendMode` filter with typed properties, inputs at their defaults.
    public static func linearBurnBlendMode() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CILinearBurnBlendMode") }
    /// A new `CILinearDodgeBlendMode` filter with typed properties, inputs at their defaults.
    public static func linearDodgeBlendMode() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CILinearDodgeBlendMode") }
    /// A new `CIPinLightBlendMode` filter with typed properties, inputs at their defaults.
    public static func pinLightBlendMode() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CIPinLightBlendMode") }
    /// A new `CIHueBlendMode` filter with typed properties, inputs at their defaults.
    public static func hueBlendMode() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CIHueBlendMode") }
    /// A new `CISaturationBlendMode` filter with typed properties, inputs at their defaults.
    public static func saturationBlendMode() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CISaturationBlendMode") }
    /// A new `CIColorBlendMode` filter with typed properties, inputs at their defaults.
    public static func colorBlendMode() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CIColorBlendMode") }
    /// A new `CILuminosityBlendMode` filter with typed properties, inputs at their defaults.
    public static func luminosityBlendMode() -> CIFilter & CICompositeOperation { CompositeOperationBuiltinFilter(named: "CILuminosityBlendMode") }
    /// A new `CIBlendWithMask` filter with typed properties, inputs at their defaults.
    public static func blendWithMask() -> CIFilter & CIBlendWithMask { MaskBlendBuiltinFilter(named: "CIBlendWithMask") }
    /// A new `CIBlendWithRedMask` filter with typed properties, inputs at their defaults.
    public static func blendWithRedMask() -> CIFilter & CIBlendWithMask { MaskBlendBuiltinFilter(named: "CIBlendWithRedMask") }
    /// A new `CIBlendWithBlueMask` filter with typed properties, inputs at their defaults.
    public static func blendWithBlueMask() -> CIFilter & CIBlendWithMask { MaskBlendBuiltinFilter(named: "CIBlendWithBlueMask") }
    /// A new `CIBlendWithAlphaMask` filter with typed properties, inputs at their defaults.
    public static func blendWithAlphaMask() -> CIFilter & CIBlendWithMask { MaskBlendBuiltinFilter(named: "CIBlendWithAlphaMask") }
}
