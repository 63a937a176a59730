import Foundation

/// Keys for `CIImage.autoAdjustmentFilters(options:)`, with Apple's raw values.
public struct CIImageAutoAdjustmentOption: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// Creates an option key from its raw value (e.g. `CIImageAutoAdjustmentOption(rawValue: CIDetectorImageOrientation)`).
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Whether to return the enhancement filters (`Bool`, default `true`): `CIVibrance`, `CIToneCurve`,
    /// `CIHighlightShadowAdjust`, each only when the image needs it.
    public static let enhance = CIImageAutoAdjustmentOption(rawValue: "kCIImageAutoAdjustEnhance")
    /// Whether to return a red-eye filter per face (`Bool`, default `true`): `CIRedEyeCorrection`.
    public static let redEye = CIImageAutoAdjustmentOption(rawValue: "kCIImageAutoAdjustRedEye")
    /// The faces to use (`[CIFeature]`; `CIFaceFeature`s are used) instead of searching the image with `CIDetector`.
    public static let features = CIImageAutoAdjustmentOption(rawValue: "kCIImageAutoAdjustFeatures")
    /// Whether to return a `CICrop` around the faces, keeping the image's aspect ratio (`Bool`, default `false`).
    public static let crop = CIImageAutoAdjustmentOption(rawValue: "kCIImageAutoAdjustCrop")
    /// Whether to return a `CIStraightenFilter` that levels the dominant near-horizontal line (`Bool`, default `false`).
    public static let level = CIImageAutoAdjustmentOption(rawValue: "kCIImageAutoAdjustLevel")
}
