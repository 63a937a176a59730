import Foundation

extension CIFilter {
    /// The pre-iOS 15 RAW interface: a filter developing the RAW or DNG file at `url` with `options`
    /// (`CIRAWFilterOption` keys) applied, driven by `setValue(_:forKey:)`/`value(forKey:)` with the
    /// `kCIInput…` RAW keys; `nil` when `CIRAWFilter(imageURL:)` would be.
    public convenience init!(imageURL url: URL, options: [CIRAWFilterOption: Any]? = [:]) {
        guard let raw = CIRAWFilter(imageURL: url) else { return nil }
        for (key, value) in options ?? [:] { raw.setValue(value, forKey: key.rawValue) }
        self.init(forwardingTo: raw, name: "CIRAWFilter")
    }

    /// `init(imageURL:options:)` over bytes.
    public convenience init!(imageData data: Data, options: [CIRAWFilterOption: Any]? = [:]) {
        guard let raw = CIRAWFilter(imageData: data, identifierHint: nil) else { return nil }
        for (key, value) in options ?? [:] { raw.setValue(value, forKey: key.rawValue) }
        self.init(forwardingTo: raw, name: "CIRAWFilter")
    }
}

extension CIRAWFilter {
    /// The RAW keys this filter answers (`kCIActiveKeys`).
    static let legacyKeys: [String] = [
        kCIInputEVKey, kCIInputBoostKey, kCIInputBoostShadowAmountKey, kCIInputBaselineExposureKey, kCIInputNeutralTemperatureKey,
        kCIInputNeutralTintKey, kCIInputNeutralChromaticityXKey, kCIInputNeutralChromaticityYKey, kCIInputNeutralLocationKey,
        kCIInputScaleFactorKey, kCIInputAllowDraftModeKey, kCIInputDecoderVersionKey, kCIInputImageOrientationKey,
        kCIInputIgnoreImageOrientationKey, kCIInputLinearSpaceFilter, kCIInputColorNoiseReductionAmountKey,
        kCIInputEnableSharpeningKey, kCIInputLuminanceNoiseReductionAmountKey, kCIInputNoiseReductionAmountKey,
        kCIInputNoiseReductionContrastAmountKey, kCIInputNoiseReductionDetailAmountKey, kCIInputNoiseReductionSharpnessAmountKey,
        kCIInputDisableGamutMapKey,
    ]

    /// Sets a RAW key for `setValue(_:forKey:)` (`kCIInputEVKey`, `kCIInputNeutralTemperatureKey`…) by setting the property it stands for.
    /// Numbers are converted as Core Image converts them; a value of the wrong type is ignored. Read-only keys
    /// and the keys of stages this pipeline does not have (vendor lens correction, chromatic noise tracking, EDR)
    /// are ignored; any other key traps, naming it, as
    /// `CIFilter` does (Apple raises `NSUnknownKeyException`).
    func setLegacyValue(_ value: Any?, forKey key: String) {
        let number = value.flatMap { FilterValues.number($0) }.map { Float($0) }
        switch key {
        case kCIInputEVKey: if let number { exposure = number }
        case kCIInputBoostKey: if let number { boostAmount = number }
        case kCIInputBoostShadowAmountKey: if let number { boostShadowAmount = number }
        case kCIInputBaselineExposureKey: if let number { baselineExposure = number }
        case kCIInputNeutralTemperatureKey: if let number { neutralTemperature = number }
        case kCIInputNeutralTintKey: if let number { neutralTint = number }
        case kCIInputNeutralChromaticityXKey: if let number { neutralChromaticity.x = CGFloat(number) }
        case kCIInputNeutralChromaticityYKey: if let number { neutralChromaticity.y = CGFloat(number) }
        case kCIInputNeutralLocationKey:
            if let vector = value as? CIVector, vector.count >= 2 { neutralLocation = CGPoint(x: vector.x, y: vector.y) }
        case kCIInputScaleFactorKey: if let number { scaleFactor = number }
        case kCIInputAllowDraftModeKey: if let number { isDraftModeEnabled = number != 0 }
        case kCIInputDecoderVersionKey: if let text = value as? String { decoderVersion = CIRAWDecoderVersion(rawValue: text) }
        case kCIInputImageOrientationKey:
            if let number, let turned = CGImagePropertyOrientation(rawValue: UInt32(number)) { orientation = turned }
        case kCIInputIgnoreImageOrientationKey: if let number { orientation = number != 0 ? .up : sensor.orientation }
        case kCIInputLinearSpaceFilter: linearSpaceFilter = value as? CIFilter
        case kCIInputColorNoiseReductionAmountKey: if let number { colorNoiseReductionAmount = min(max(number, 0), 1) }
        case kCIInputEnableSharpeningKey: if let number { sharpnessAmount = number != 0 ? max(sharpnessAmount, 0.5) : 0 }
        case kCIInputLuminanceNoiseReductionAmountKey, kCIInputNoiseReductionAmountKey:
            if let number { luminanceNoiseReductionAmount = min(max(number, 0), 1) }
        case kCIInputNoiseReductionContrastAmountKey: if let number { contrastAmount = min(max(number, 0), 1) }
        case kCIInputNoiseReductionSharpnessAmountKey: if let number { sharpnessAmount = min(max(number, 0), 1) }
        case kCIInputDisableGamutMapKey: if let number { isGamutMappingEnabled = number == 0 }
        case kCIInputNoiseReductionDetailAmountKey: if let number { detailAmount = min(max(number, 0), 1) * 3 }
        case kCISupportedDecoderVersionsKey, kCIOutputNativeSizeKey, kCIActiveKeys:
            break
        case kCIInputEnableVendorLensCorrectionKey, kCIInputEnableChromaticNoiseTrackingKey, kCIInputEnableEDRModeKey:
            break   // stages this pipeline does not have (see their CIRAWFilterOption members)
        default:
            fatalError("CIRAWFilter: setValue(_:forKey:) with key '\(key)', which this filter does not have (its keys: \(Self.legacyKeys.joined(separator: ", ")))")
        }
    }

    /// The value of a RAW key for `value(forKey:)` (numbers as `NSNumber`, the location and native size as `CIVector`, the decoder
    /// version as its string, the supported versions as dictionaries with a "version" entry as Apple gives them),
    /// `outputImage` for `kCIOutputImageKey`, `nil` for an unknown key.
    func legacyValue(forKey key: String) -> Any? {
        switch key {
        case kCIOutputImageKey: return outputImage
        case kCIInputEVKey: return NSNumber(value: exposure)
        case kCIInputBoostKey: return NSNumber(value: boostAmount)
        case kCIInputBoostShadowAmountKey: return NSNumber(value: boostShadowAmount)
        case kCIInputBaselineExposureKey: return NSNumber(value: baselineExposure)
        case kCIInputNeutralTemperatureKey: return NSNumber(value: neutralTemperature)
        case kCIInputNeutralTintKey: return NSNumber(value: neutralTint)
        case kCIInputNeutralChromaticityXKey: return NSNumber(value: Double(neutralChromaticity.x))
        case kCIInputNeutralChromaticityYKey: return NSNumber(value: Double(neutralChromaticity.y))
        case kCIInputNeutralLocationKey: return CIVector(x: neutralLocation.x, y: neutralLocation.y)
        case kCIInputScaleFactorKey: return NSNumber(value: scaleFactor)
        case kCIInputAllowDraftModeKey: return NSNumber(value: isDraftModeEnabled)
        case kCIInputDecoderVersionKey: return decoderVersion.rawValue
        case kCISupportedDecoderVersionsKey: return supportedDecoderVersions.map { ["version": $0.rawValue] }
        case kCIInputImageOrientationKey: return NSNumber(value: orientation.rawValue)
        case kCIInputIgnoreImageOrientationKey: return NSNumber(value: orientation == .up && sensor.orientation != .up)
        case kCIInputLinearSpaceFilter: return linearSpaceFilter
        case kCIOutputNativeSizeKey: return CIVector(x: nativeSize.width, y: nativeSize.height)
        case kCIActiveKeys: return Self.legacyKeys
        case kCIInputColorNoiseReductionAmountKey: return NSNumber(value: colorNoiseReductionAmount)
        case kCIInputEnableSharpeningKey: return NSNumber(value: sharpnessAmount > 0)
        case kCIInputLuminanceNoiseReductionAmountKey, kCIInputNoiseReductionAmountKey: return NSNumber(value: luminanceNoiseReductionAmount)
        case kCIInputNoiseReductionContrastAmountKey: return NSNumber(value: contrastAmount)
        case kCIInputNoiseReductionSharpnessAmountKey: return NSNumber(value: sharpnessAmount)
        case kCIInputDisableGamutMapKey: return NSNumber(value: !isGamutMappingEnabled)
        case kCIInputNoiseReductionDetailAmountKey: return NSNumber(value: detailAmount / 3)
        case kCIInputEnableVendorLensCorrectionKey: return NSNumber(value: isLensCorrectionEnabled)
        case kCIInputEnableChromaticNoiseTrackingKey: return NSNumber(value: false)
        case kCIInputEnableEDRModeKey: return NSNumber(value: extendedDynamicRangeAmount > 0)
        default: return nil
        }
    }
}
