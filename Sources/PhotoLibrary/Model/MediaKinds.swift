/// Media types with PhotoKit's raw values (`PHAssetMediaType`).
public enum MediaType: Int, Sendable, Codable, CaseIterable {
    case unknown = 0, image = 1, video = 2, audio = 3
}

/// Media subtypes with PhotoKit's bit values (`PHAssetMediaSubtype`).
public struct MediaSubtypes: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let photoPanorama = MediaSubtypes(rawValue: 1 << 0)
    public static let photoHDR = MediaSubtypes(rawValue: 1 << 1)
    public static let photoScreenshot = MediaSubtypes(rawValue: 1 << 2)
    public static let photoLive = MediaSubtypes(rawValue: 1 << 3)
    public static let photoDepthEffect = MediaSubtypes(rawValue: 1 << 4)
    public static let photoAnimation = MediaSubtypes(rawValue: 1 << 6)
    public static let videoStreamed = MediaSubtypes(rawValue: 1 << 16)
    public static let videoHighFrameRate = MediaSubtypes(rawValue: 1 << 17)
    public static let videoTimelapse = MediaSubtypes(rawValue: 1 << 18)
    public static let videoScreenRecording = MediaSubtypes(rawValue: 1 << 19)
}

/// Playback styles with PhotoKit's raw values (`PHAsset.PlaybackStyle`).
public enum PlaybackStyle: Int, Sendable, CaseIterable {
    case unsupported = 0, image = 1, imageAnimated = 2, livePhoto = 3, video = 4, videoLooping = 5
}

/// Resource types with PhotoKit's raw values (`PHAssetResourceType`).
public enum ResourceType: Int, Sendable, CaseIterable {
    case photo = 1, video = 2, audio = 3, alternatePhoto = 4, fullSizePhoto = 5, fullSizeVideo = 6
    case adjustmentData = 7, adjustmentBasePhoto = 8, pairedVideo = 9, fullSizePairedVideo = 10
    case adjustmentBasePairedVideo = 11, adjustmentBaseVideo = 12, photoProxy = 19

    /// True for the resource that carries the asset's primary content.
    public var isPrimary: Bool { self == .photo || self == .video || self == .audio }
}

/// PhotoKit raw values this core uses when it stores collections.
public enum CollectionRaw {
    public static let album = 1, smartAlbum = 2, moment = 3
    public static let albumRegular = 2
    public static let momentList = 1, folder = 2
    public static let momentListCluster = 1, momentListYear = 2, regularFolder = 100
}
