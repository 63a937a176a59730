import Foundation

/// The kind of media an asset holds. Raw values match Apple's `PHAssetMediaType`.
public enum PHAssetMediaType: Int, Sendable {
    /// The type could not be determined.
    case unknown = 0
    /// A still image (including Live Photos, whose still part is an image).
    case image = 1
    /// A video.
    case video = 2
    /// An audio file.
    case audio = 3
}

/// Flags describing the kind of photo or video an asset is. Raw values (bit positions) match
/// Apple's `PHAssetMediaSubtype`; Apple's `PHAssetMediaSubtypeNone` (0) is spelled `[]` in Swift.
public struct PHAssetMediaSubtype: OptionSet, Hashable, Sendable {
    /// The bit mask.
    public let rawValue: UInt

    /// Creates a set from a bit mask; unknown bits are kept.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// A panorama photo (bit 0).
    public static let photoPanorama = PHAssetMediaSubtype(rawValue: 1 << 0)
    /// A high-dynamic-range photo (bit 1).
    public static let photoHDR = PHAssetMediaSubtype(rawValue: 1 << 1)
    /// A screenshot (bit 2).
    public static let photoScreenshot = PHAssetMediaSubtype(rawValue: 1 << 2)
    /// A Live Photo (bit 3).
    public static let photoLive = PHAssetMediaSubtype(rawValue: 1 << 3)
    /// A photo with a depth-effect (Portrait) capture (bit 4).
    public static let photoDepthEffect = PHAssetMediaSubtype(rawValue: 1 << 4)
    /// An animated image such as a GIF or animated PNG (bit 6).
    public static let photoAnimation = PHAssetMediaSubtype(rawValue: 1 << 6)
    /// Spatial (stereoscopic) media (bit 10).
    public static let spatialMedia = PHAssetMediaSubtype(rawValue: 1 << 10)
    /// A video streamed rather than stored locally (bit 16).
    public static let videoStreamed = PHAssetMediaSubtype(rawValue: 1 << 16)
    /// A high-frame-rate (slow-motion) video (bit 17).
    public static let videoHighFrameRate = PHAssetMediaSubtype(rawValue: 1 << 17)
    /// A time-lapse video (bit 18).
    public static let videoTimelapse = PHAssetMediaSubtype(rawValue: 1 << 18)
    /// A screen recording (bit 19).
    public static let videoScreenRecording = PHAssetMediaSubtype(rawValue: 1 << 19)
    /// A Cinematic-mode video (bit 21).
    public static let videoCinematic = PHAssetMediaSubtype(rawValue: 1 << 21)
}

extension PHAsset {
    /// How an asset should be presented, regardless of its backing media. Raw values match
    /// Apple's `PHAssetPlaybackStyle`.
    public enum PlaybackStyle: Int, Sendable {
        /// The asset's style is unknown or unsupported.
        case unsupported = 0
        /// Display as a still image.
        case image = 1
        /// Display as an animated image (e.g. GIF).
        case imageAnimated = 2
        /// Display as a Live Photo.
        case livePhoto = 3
        /// Play as a video.
        case video = 4
        /// Play as a looping video (e.g. a Loop or Bounce Live Photo effect).
        case videoLooping = 5
    }

    /// The Live Photo presentation effect applied to an asset. Raw values match Apple's
    /// `PHAssetPlaybackVariation`.
    public enum PlaybackVariation: Int, Sendable {
        /// Not a Live Photo, or the default Live Photo presentation.
        case none = 0
        /// The Loop effect.
        case autoloop = 1
        /// The Bounce effect.
        case mirror = 2
        /// The Long Exposure effect.
        case longExposure = 3
    }

    /// Who adjusted an asset (Apple: iOS 18 / macOS 15). Raw values match Apple's
    /// `PHAssetAdjustmentsState`; there is no case with raw value 1.
    public enum AdjustmentsState: Int, Sendable {
        /// The asset has no adjustments.
        case none = 0
        /// The user adjusted the asset.
        case userAdjusted = 2
        /// The Camera applied an automatic adjustment and the user made none.
        case cameraAutoAdjusted = 3
    }
}

/// The Objective-C name of ``PHAsset/PlaybackStyle``; unavailable in Swift, as on Apple
/// platforms, and present only to offer the rename fix-it.
@available(*, unavailable, renamed: "PHAsset.PlaybackStyle")
public typealias PHAssetPlaybackStyle = PHAsset.PlaybackStyle

/// The Objective-C name of ``PHAsset/PlaybackVariation``; unavailable in Swift, present only to
/// offer the rename fix-it.
@available(*, unavailable, renamed: "PHAsset.PlaybackVariation")
public typealias PHAssetPlaybackVariation = PHAsset.PlaybackVariation

/// How an asset entered the library. Raw values match Apple's `PHAssetSourceType`; the Swift
/// names keep Apple's `type` prefix.
public struct PHAssetSourceType: OptionSet, Hashable, Sendable {
    /// The bit mask.
    public let rawValue: UInt

    /// Creates a set from a bit mask; unknown bits are kept.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The user's own library (bit 0).
    public static let typeUserLibrary = PHAssetSourceType(rawValue: 1 << 0)
    /// A shared iCloud album (bit 1).
    public static let typeCloudShared = PHAssetSourceType(rawValue: 1 << 1)
    /// Synced from a computer through iTunes/Finder (bit 2).
    public static let typeiTunesSynced = PHAssetSourceType(rawValue: 1 << 2)
}

/// How a photo in a burst sequence was marked. Raw values match Apple's
/// `PHAssetBurstSelectionType` (`None` = 0 is `[]`).
public struct PHAssetBurstSelectionType: OptionSet, Hashable, Sendable {
    /// The bit mask.
    public let rawValue: UInt

    /// Creates a set from a bit mask; unknown bits are kept.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Picked automatically as a representative of the burst (bit 0).
    public static let autoPick = PHAssetBurstSelectionType(rawValue: 1 << 0)
    /// Picked by the user (bit 1).
    public static let userPick = PHAssetBurstSelectionType(rawValue: 1 << 1)
}

/// An editing operation whose permission `PHAsset.canPerform(_:)` reports. Raw values match
/// Apple's `PHAssetEditOperation`.
public enum PHAssetEditOperation: Int, Sendable {
    /// Deleting the asset.
    case delete = 1
    /// Changing the asset's photo or video content.
    case content = 2
    /// Changing metadata such as the favourite flag or creation date.
    case properties = 3
}
