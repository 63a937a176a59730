import Foundation
import ImageIO

/// Keys for the options of `CIContext`'s image representations (`jpegRepresentation`, `writeHEIFRepresentation`,
/// …): a string-backed struct, as Apple's.
///
/// Both of Apple's idioms compile:
/// ```swift
/// let quality = kCGImageDestinationLossyCompressionQuality as CIImageRepresentationOption
/// let same = CIImageRepresentationOption(rawValue: kCGImageDestinationLossyCompressionQuality as String)
/// context.jpegRepresentation(of: image, colorSpace: srgb, options: [quality: 0.8])
/// ```
/// Apple's `kCGImageDestination…` constants are `CFString`s, which bridge to this struct; here `CFString` is
/// `String`, which cannot be coerced to a struct with `as`, so this module also declares each destination key that
/// the representations pass to ImageIO as a `CIImageRepresentationOption` (marked `@_disfavoredOverload`, so
/// wherever a `String` fits — `[kCGImage…: 1] as CFDictionary`, `let key = kCGImage…` — the `String` one is
/// chosen and ImageIO code compiles as before).
///
/// Every option is handed to ImageIO as a destination property (by its raw value), so any
/// `kCGImageDestination…` or `kCGImageMetadata…` key works through `init(rawValue:)` too. The auxiliary-image
/// keys (depth, disparity, mattes, HDR) cannot be written by this port: a representation asked to embed one is
/// `nil` (the throwing variants throw) instead of silently leaving it out.
public struct CIImageRepresentationOption: RawRepresentable, Hashable, Sendable {
    /// The raw value (the key ImageIO receives).
    public let rawValue: String
    /// Creates an option key from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Depth data (`AVDepthData`) to embed. Not supported: the representation fails.
    public static let avDepthData = CIImageRepresentationOption(rawValue: "kCIImageRepresentationAVDepthData")
    /// A portrait effects matte (`AVPortraitEffectsMatte`) to embed. Not supported: the representation fails.
    public static let avPortraitEffectsMatte = CIImageRepresentationOption(rawValue: "kCIImageRepresentationAVPortraitEffectsMatte")
    /// Semantic segmentation mattes (`[AVSemanticSegmentationMatte]`) to embed. Not supported: the representation fails.
    public static let avSemanticSegmentationMattes = CIImageRepresentationOption(rawValue: "kCIImageRepresentationAVSemanticSegmentationMattes")
    /// A depth image (`CIImage`) to embed. Not supported: the representation fails.
    public static let depthImage = CIImageRepresentationOption(rawValue: "kCIImageRepresentationDepthImage")
    /// A disparity image (`CIImage`) to embed. Not supported: the representation fails.
    public static let disparityImage = CIImageRepresentationOption(rawValue: "kCIImageRepresentationDisparityImage")
    /// A portrait effects matte image (`CIImage`) to embed. Not supported: the representation fails.
    public static let portraitEffectsMatteImage = CIImageRepresentationOption(rawValue: "kCIImageRepresentationPortraitEffectsMatteImage")
    /// A skin matte image (`CIImage`) to embed. Not supported: the representation fails.
    public static let semanticSegmentationSkinMatteImage = CIImageRepresentationOption(rawValue: "kCIImageRepresentationSemanticSegmentationSkinMatteImage")
    /// A hair matte image (`CIImage`) to embed. Not supported: the representation fails.
    public static let semanticSegmentationHairMatteImage = CIImageRepresentationOption(rawValue: "kCIImageRepresentationSemanticSegmentationHairMatteImage")
    /// A teeth matte image (`CIImage`) to embed. Not supported: the representation fails.
    public static let semanticSegmentationTeethMatteImage = CIImageRepresentationOption(rawValue: "kCIImageRepresentationSemanticSegmentationTeethMatteImage")
    /// A glasses matte image (`CIImage`) to embed. Not supported: the representation fails.
    public static let semanticSegmentationGlassesMatteImage = CIImageRepresentationOption(rawValue: "kCIImageRepresentationSemanticSegmentationGlassesMatteImage")
    /// A sky matte image (`CIImage`) to embed. Not supported: the representation fails.
    public static let semanticSegmentationSkyMatteImage = CIImageRepresentationOption(rawValue: "kCIImageRepresentationSemanticSegmentationSkyMatteImage")
    /// An HDR image (`CIImage`) to write as a gain map. Not supported: the representation fails.
    public static let hdrImage = CIImageRepresentationOption(rawValue: "kCIImageRepresentationHDRImage")
    /// An HDR gain map image (`CIImage`) to embed. Not supported: the representation fails.
    public static let hdrGainMapImage = CIImageRepresentationOption(rawValue: "kCIImageRepresentationHDRGainMapImage")
    /// Whether to write the gain map as RGB. Not supported: the representation fails when it is given.
    public static let hdrGainMapAsRGB = CIImageRepresentationOption(rawValue: "kCIImageRepresentationHDRGainMapAsRGB")

    /// The keys naming auxiliary images this port cannot write.
    static let auxiliaryImageKeys: Set<CIImageRepresentationOption> = [
        .avDepthData, .avPortraitEffectsMatte, .avSemanticSegmentationMattes, .depthImage, .disparityImage,
        .portraitEffectsMatteImage, .semanticSegmentationSkinMatteImage, .semanticSegmentationHairMatteImage,
        .semanticSegmentationTeethMatteImage, .semanticSegmentationGlassesMatteImage, .semanticSegmentationSkyMatteImage,
        .hdrImage, .hdrGainMapImage, .hdrGainMapAsRGB,
    ]
}

// ImageIO's destination keys as `CIImageRepresentationOption`s, so `kCGImageDestination… as
// CIImageRepresentationOption` compiles (Apple: a `CFString` bridged to the struct). Disfavoured: wherever ImageIO's
// `String` constant fits, it is the one chosen.

/// `kCGImageDestinationLossyCompressionQuality` as a representation option: the quality, 0…1, of JPEG and HEIF
/// representations. The same raw value as ImageIO's constant, which is chosen wherever a `String` fits.
@_disfavoredOverload public let kCGImageDestinationLossyCompressionQuality =
    CIImageRepresentationOption(rawValue: ImageIO.kCGImageDestinationLossyCompressionQuality)
/// `kCGImageDestinationBackgroundColor` as a representation option (a `CGColor` under transparent pixels when the
/// format has no alpha). ImageIO's `String` constant is chosen wherever it fits.
@_disfavoredOverload public let kCGImageDestinationBackgroundColor =
    CIImageRepresentationOption(rawValue: ImageIO.kCGImageDestinationBackgroundColor)
/// `kCGImageDestinationImageMaxPixelSize` as a representation option (the written image's largest side).
/// ImageIO's `String` constant is chosen wherever it fits.
@_disfavoredOverload public let kCGImageDestinationImageMaxPixelSize =
    CIImageRepresentationOption(rawValue: ImageIO.kCGImageDestinationImageMaxPixelSize)
/// `kCGImageDestinationOptimizeColorForSharing` as a representation option (convert to sRGB).
/// ImageIO's `String` constant is chosen wherever it fits.
@_disfavoredOverload public let kCGImageDestinationOptimizeColorForSharing =
    CIImageRepresentationOption(rawValue: ImageIO.kCGImageDestinationOptimizeColorForSharing)
/// `kCGImageDestinationEmbedThumbnail` as a representation option (accepted by ImageIO; no thumbnail is written).
/// ImageIO's `String` constant is chosen wherever it fits.
@_disfavoredOverload public let kCGImageDestinationEmbedThumbnail =
    CIImageRepresentationOption(rawValue: ImageIO.kCGImageDestinationEmbedThumbnail)
