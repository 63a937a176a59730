import Foundation

/// Keys for options when creating a `CIImage`, with Apple's raw values.
public struct CIImageOption: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: String
    /// Creates an option key from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The image's colour space (`CGColorSpace`), or `NSNull()` to treat pixels as non-colour data.
    public static let colorSpace = CIImageOption(rawValue: "kCIImageColorSpace")
    /// Whether to apply the source's orientation property (`Bool`): the image is then displayed upright.
    public static let applyOrientationProperty = CIImageOption(rawValue: "kCIImageApplyOrientationProperty")
    /// Metadata to attach (`[String: Any]`), or `NSNull()` for none.
    public static let properties = CIImageOption(rawValue: "kCIImageProperties")
    /// Whether warps sample the image at the nearest pixel.
    public static let nearestSampling = CIImageOption(rawValue: "kCIImageNearestSampling")
    /// Decode at creation rather than at the first render (accepted; decoding is lazy either way here).
    public static let cacheImmediately = CIImageOption(rawValue: "kCIImageCacheImmediately")
    /// Expand to HDR (accepted, no effect: this port decodes SDR).
    public static let expandToHDR = CIImageOption(rawValue: "kCIImageExpandToHDR")
    /// Tone-map HDR to SDR (accepted, no effect).
    public static let toneMapHDRtoSDR = CIImageOption(rawValue: "kCIImageToneMapHDRtoSDR")
    /// Load the auxiliary depth image (not supported: the initializer returns `nil`).
    public static let auxiliaryDepth = CIImageOption(rawValue: "kCIImageAuxiliaryDepth")
    /// Load the auxiliary disparity image (not supported: the initializer returns `nil`).
    public static let auxiliaryDisparity = CIImageOption(rawValue: "kCIImageAuxiliaryDisparity")
    /// Load the portrait effects matte (not supported: the initializer returns `nil`).
    public static let auxiliaryPortraitEffectsMatte = CIImageOption(rawValue: "kCIImageAuxiliaryPortraitEffectsMatte")
    /// Load the HDR gain map (not supported: the initializer returns `nil`).
    public static let auxiliaryHDRGainMap = CIImageOption(rawValue: "kCIImageAuxiliaryHDRGainMap")
    /// Apply the clean aperture (accepted, no effect).
    public static let applyCleanAperture = CIImageOption(rawValue: "kCIImageApplyCleanAperture")
}
