import Foundation

/// The keys of the pre-iOS 15 RAW interface (`CIFilter(imageURL:options:)` and `value(forKey:)` /
/// `setValue(_:forKey:)` on the filter it returns), with Apple's string values. Deprecated by Apple in favour of
/// `CIRAWFilter`'s properties, onto which each key maps here.
public struct CIRAWFilterOption: RawRepresentable, Hashable, Sendable {
    /// The key's string.
    public let rawValue: String
    /// A key with the given string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Exposure in EV (`exposure`).
    public static let exposure = CIRAWFilterOption(rawValue: kCIInputEVKey)
    /// Boost (`boostAmount`).
    public static let boostAmount = CIRAWFilterOption(rawValue: kCIInputBoostKey)
    /// Shadow boost (`boostShadowAmount`).
    public static let boostShadowAmount = CIRAWFilterOption(rawValue: kCIInputBoostShadowAmountKey)
    /// Baseline exposure (`baselineExposure`).
    public static let baselineExposure = CIRAWFilterOption(rawValue: kCIInputBaselineExposureKey)
    /// Neutral temperature (`neutralTemperature`).
    public static let neutralTemperature = CIRAWFilterOption(rawValue: kCIInputNeutralTemperatureKey)
    /// Neutral tint (`neutralTint`).
    public static let neutralTint = CIRAWFilterOption(rawValue: kCIInputNeutralTintKey)
    /// Neutral chromaticity x (`neutralChromaticity.x`).
    public static let neutralChromaticityX = CIRAWFilterOption(rawValue: kCIInputNeutralChromaticityXKey)
    /// Neutral chromaticity y (`neutralChromaticity.y`).
    public static let neutralChromaticityY = CIRAWFilterOption(rawValue: kCIInputNeutralChromaticityYKey)
    /// Neutral location, a `CIVector` (`neutralLocation`).
    public static let neutralLocation = CIRAWFilterOption(rawValue: kCIInputNeutralLocationKey)
    /// Scale factor (`scaleFactor`).
    public static let scaleFactor = CIRAWFilterOption(rawValue: kCIInputScaleFactorKey)
    /// Draft mode (`isDraftModeEnabled`).
    public static let allowDraftMode = CIRAWFilterOption(rawValue: kCIInputAllowDraftModeKey)
    /// Decoder version, a string (`decoderVersion`).
    public static let decoderVersion = CIRAWFilterOption(rawValue: kCIInputDecoderVersionKey)
    /// Supported decoder versions, read only (`supportedDecoderVersions`).
    public static let supportedDecoderVersions = CIRAWFilterOption(rawValue: kCISupportedDecoderVersionsKey)
    /// Orientation as an EXIF number (`orientation`).
    public static let imageOrientation = CIRAWFilterOption(rawValue: kCIInputImageOrientationKey)
    /// Ignore the file's orientation (the output keeps the stored orientation).
    public static let ignoreImageOrientation = CIRAWFilterOption(rawValue: kCIInputIgnoreImageOrientationKey)
    /// The linear-space filter (`linearSpaceFilter`).
    public static let linearSpaceFilter = CIRAWFilterOption(rawValue: kCIInputLinearSpaceFilter)
    /// Native size, a `CIVector`, read only (`nativeSize`).
    public static let outputNativeSize = CIRAWFilterOption(rawValue: kCIOutputNativeSizeKey)
    /// The keys this filter answers, read only.
    public static let activeKeys = CIRAWFilterOption(rawValue: kCIActiveKeys)
    /// Luminance noise reduction (`luminanceNoiseReductionAmount`).
    public static let luminanceNoiseReductionAmount = CIRAWFilterOption(rawValue: kCIInputLuminanceNoiseReductionAmountKey)
    /// Sharpening on or off (`sharpnessAmount` > 0; turning it on sets at least 0.5).
    public static let enableSharpening = CIRAWFilterOption(rawValue: kCIInputEnableSharpeningKey)
    /// Colour noise reduction (`colorNoiseReductionAmount`).
    public static let colorNoiseReductionAmount = CIRAWFilterOption(rawValue: kCIInputColorNoiseReductionAmountKey)
    /// Noise reduction: here the luminance noise reduction (`luminanceNoiseReductionAmount`).
    public static let noiseReductionAmount = CIRAWFilterOption(rawValue: kCIInputNoiseReductionAmountKey)
    /// Local contrast applied with noise reduction (`contrastAmount`, 0…1).
    public static let noiseReductionContrastAmount = CIRAWFilterOption(rawValue: kCIInputNoiseReductionContrastAmountKey)
    /// Gamut mapping off (`!isGamutMappingEnabled`).
    public static let disableGamutMap = CIRAWFilterOption(rawValue: kCIInputDisableGamutMapKey)
    /// Sharpening applied with noise reduction, 0…1 (`sharpnessAmount`).
    public static let noiseReductionSharpnessAmount = CIRAWFilterOption(rawValue: kCIInputNoiseReductionSharpnessAmountKey)
    /// Detail applied with noise reduction, 0…1 (`detailAmount` / 3: the key's range is 0…1, the property's 0…3).
    public static let noiseReductionDetailAmount = CIRAWFilterOption(rawValue: kCIInputNoiseReductionDetailAmountKey)
    /// The vendor's lens correction on or off. Lens correction is not supported here: it reads `false` and setting
    /// it is ignored (`isLensCorrectionSupported` is `false`).
    public static let enableVendorLensCorrection = CIRAWFilterOption(rawValue: kCIInputEnableVendorLensCorrectionKey)
    /// Colour noise reduction that follows the shot's ISO and exposure time. Not done here (the amount is
    /// `colorNoiseReductionAmount`, default 0): it reads `false` and setting it is ignored.
    public static let enableChromaticNoiseTracking = CIRAWFilterOption(rawValue: kCIInputEnableChromaticNoiseTrackingKey)
    /// Output with values above 1 (extended dynamic range). Not supported here (`maximumExtendedDynamicRangeAmount`
    /// is 0): it reads `false` and setting it is ignored.
    public static let ciInputEnableEDRModeKey = CIRAWFilterOption(rawValue: kCIInputEnableEDRModeKey)
}

/// `boostAmount`.
public let kCIInputBoostKey = "inputBoost"
/// `boostShadowAmount`.
public let kCIInputBoostShadowAmountKey = "inputBoostShadowAmount"
/// `baselineExposure`.
public let kCIInputBaselineExposureKey = "inputBaselineExposure"
/// `neutralTemperature`.
public let kCIInputNeutralTemperatureKey = "inputNeutralTemperature"
/// `neutralTint`.
public let kCIInputNeutralTintKey = "inputNeutralTint"
/// `neutralChromaticity.x`.
public let kCIInputNeutralChromaticityXKey = "inputNeutralChromaticityX"
/// `neutralChromaticity.y`.
public let kCIInputNeutralChromaticityYKey = "inputNeutralChromaticityY"
/// `neutralLocation` (a `CIVector`).
public let kCIInputNeutralLocationKey = "inputNeutralLocation"
/// `scaleFactor`.
public let kCIInputScaleFactorKey = "inputScaleFactor"
/// `isDraftModeEnabled`.
public let kCIInputAllowDraftModeKey = "inputAllowDraftMode"
/// `decoderVersion` (a string).
public let kCIInputDecoderVersionKey = "inputDecoderVersion"
/// `supportedDecoderVersions` (read only).
public let kCISupportedDecoderVersionsKey = "supportedDecoderVersions"
/// `orientation` as an EXIF number.
public let kCIInputImageOrientationKey = "inputImageOrientation"
/// Keep the stored orientation.
public let kCIInputIgnoreImageOrientationKey = "inputIgnoreImageOrientation"
/// `linearSpaceFilter`.
public let kCIInputLinearSpaceFilter = "inputLinearSpaceFilter"
/// `nativeSize` as a `CIVector` (read only).
public let kCIOutputNativeSizeKey = "outputNativeSize"
/// The keys the filter answers (read only).
public let kCIActiveKeys = "activeKeys"
/// Luminance noise reduction.
public let kCIInputLuminanceNoiseReductionAmountKey = "inputLuminanceNoiseReductionAmount"
/// Colour noise reduction.
public let kCIInputColorNoiseReductionAmountKey = "inputColorNoiseReductionAmount"
/// Noise reduction.
public let kCIInputNoiseReductionAmountKey = "inputNoiseReductionAmount"
/// Local contrast with noise reduction, 0…1 (`contrastAmount`).
public let kCIInputNoiseReductionContrastAmountKey = "inputNoiseReductionContrastAmount"
/// Gamut mapping off, a Boolean (`!isGamutMappingEnabled`).
public let kCIInputDisableGamutMapKey = "inputDisableGamutMap"
/// Sharpening with noise reduction, 0…1 (`sharpnessAmount`).
public let kCIInputNoiseReductionSharpnessAmountKey = "inputNoiseReductionSharpnessAmount"
/// Detail with noise reduction, 0…1 (`detailAmount` / 3).
public let kCIInputNoiseReductionDetailAmountKey = "inputNoiseReductionDetailAmount"
/// Sharpening on or off.
public let kCIInputEnableSharpeningKey = "inputEnableSharpening"
/// The vendor's lens correction on or off (see `CIRAWFilterOption.enableVendorLensCorrection`).
public let kCIInputEnableVendorLensCorrectionKey = "inputEnableVendorLensCorrection"
/// Chromatic noise tracking on or off (see `CIRAWFilterOption.enableChromaticNoiseTracking`).
public let kCIInputEnableChromaticNoiseTrackingKey = "inputEnableChromaticNoiseTracking"
/// Extended dynamic range output on or off (see `CIRAWFilterOption.ciInputEnableEDRModeKey`).
public let kCIInputEnableEDRModeKey = "inputEnableEDRMode"
