/// Which assets a photo picker shows: PhotosUI's `PHPickerFilter` as a value the core can compile to SQL.
///
/// Each kind is a condition over the asset table (alias `a`), the same condition its smart album uses where one
/// exists, so "Screenshots" in the picker and in the albums list never disagree. Visibility (trashed, hidden,
/// unpicked burst frames) is not part of the filter: the query or the picker check adds it.
///
/// ```swift
/// let filter = PickerFilter.all([.images, .not(.screenshots)])
/// let ids = try library.pickerAssetIdentifiers(matching: filter, limit: 10)
/// ```
///
/// The PhotosUI façade (`PHPickerFilter`) and the service's picker page both map onto this type.
public indirect enum PickerFilter: Sendable, Hashable {
    /// Still images, Live Photos included (as Apple's `.images`).
    case images
    /// Videos.
    case videos
    /// Live Photos.
    case livePhotos
    /// Screenshots.
    case screenshots
    /// Screen recordings.
    case screenRecordings
    /// Bursts (their representative frames: the stack the library shows).
    case bursts
    /// Panoramas.
    case panoramas
    /// Slow-motion (high-frame-rate) videos.
    case slomoVideos
    /// Time-lapse videos.
    case timelapseVideos
    /// Depth-effect (Portrait) photos.
    case depthEffectPhotos
    /// Cinematic-mode videos.
    case cinematicVideos
    /// Spatial media.
    case spatialMedia
    /// Assets of one playback style (`PHAsset.PlaybackStyle` raw value).
    case playbackStyle(Int)
    /// Assets matching at least one of the filters (none matches nothing).
    case any([PickerFilter])
    /// Assets matching every one of the filters (an empty list matches everything).
    case all([PickerFilter])
    /// Assets not matching the filter.
    case not(PickerFilter)

    /// The SQL condition over the asset alias `a`. Only integer literals appear in it, so it needs no arguments.
    public var sqlCondition: String {
        switch self {
        case .images: return "a.media_type = \(MediaType.image.rawValue)"
        case .videos: return "a.media_type = \(MediaType.video.rawValue)"
        case .livePhotos: return Self.subtype(.photoLive)
        case .screenshots: return Self.subtype(.photoScreenshot)
        case .screenRecordings: return Self.subtype(.videoScreenRecording)
        case .bursts: return "a.represents_burst = 1"
        case .panoramas: return Self.subtype(.photoPanorama)
        case .slomoVideos: return Self.subtype(.videoHighFrameRate)
        case .timelapseVideos: return Self.subtype(.videoTimelapse)
        case .depthEffectPhotos: return Self.subtype(.photoDepthEffect)
        case .cinematicVideos: return Self.subtype(.videoCinematic)
        case .spatialMedia: return Self.subtype(.spatialMedia)
        case .playbackStyle(let style): return "a.playback_style = \(style)"
        case .any(let filters):
            return filters.isEmpty ? "0" : "(" + filters.map(\.sqlCondition).joined(separator: " OR ") + ")"
        case .all(let filters):
            return filters.isEmpty ? "1" : "(" + filters.map(\.sqlCondition).joined(separator: " AND ") + ")"
        case .not(let filter):
            return "NOT (\(filter.sqlCondition))"
        }
    }

    private static func subtype(_ bit: MediaSubtypes) -> String { "(a.media_subtypes & \(bit.rawValue)) != 0" }
}

extension MediaSubtypes {
    /// Spatial (stereoscopic) media (bit 10), for the picker's `.spatialMedia`.
    public static let spatialMedia = MediaSubtypes(rawValue: 1 << 10)
    /// A Cinematic-mode video (bit 21), for the picker's `.cinematicVideos`.
    public static let videoCinematic = MediaSubtypes(rawValue: 1 << 21)
}
