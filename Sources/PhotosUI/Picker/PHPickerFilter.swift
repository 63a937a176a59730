import Foundation
import Photos
import PhotoLibrary

/// The kinds of assets a picker shows (PhotosUI's `PHPickerFilter`).
///
/// A value wrapping the core's `PickerFilter`, which compiles to an SQL condition over the library: the picker,
/// `photos pick --filter` and the service's picker page share it. `images` includes Live Photos, as on Apple
/// platforms; `bursts` are the bursts' representative frames.
///
/// ```swift
/// var configuration = PHPickerConfiguration(photoLibrary: .shared())
/// configuration.filter = .all(of: [.images, .not(.screenshots)])
/// ```
public struct PHPickerFilter: Sendable, Hashable, CustomStringConvertible {
    /// The core filter this value maps to. Linux addition.
    public let pickerFilter: PickerFilter

    /// Wraps a core filter. Linux addition.
    public init(_ pickerFilter: PickerFilter) {
        self.pickerFilter = pickerFilter
    }

    /// The filter for images (Live Photos included).
    public static let images = PHPickerFilter(.images)
    /// The filter for videos.
    public static let videos = PHPickerFilter(.videos)
    /// The filter for Live Photos.
    public static let livePhotos = PHPickerFilter(.livePhotos)
    /// The filter for screenshots.
    public static let screenshots = PHPickerFilter(.screenshots)
    /// The filter for screen recordings.
    public static let screenRecordings = PHPickerFilter(.screenRecordings)
    /// The filter for bursts (their representative frames).
    public static let bursts = PHPickerFilter(.bursts)
    /// The filter for panoramas.
    public static let panoramas = PHPickerFilter(.panoramas)
    /// The filter for slow-motion videos.
    public static let slomoVideos = PHPickerFilter(.slomoVideos)
    /// The filter for time-lapse videos.
    public static let timelapseVideos = PHPickerFilter(.timelapseVideos)
    /// The filter for depth-effect (Portrait) photos.
    public static let depthEffectPhotos = PHPickerFilter(.depthEffectPhotos)
    /// The filter for Cinematic-mode videos.
    public static let cinematicVideos = PHPickerFilter(.cinematicVideos)
    /// The filter for spatial media.
    public static let spatialMedia = PHPickerFilter(.spatialMedia)

    /// The filter for assets of one playback style (`.imageAnimated` for GIFs, `.videoLooping` for Loop and Bounce).
    public static func playbackStyle(_ playbackStyle: PHAsset.PlaybackStyle) -> PHPickerFilter {
        PHPickerFilter(.playbackStyle(playbackStyle.rawValue))
    }

    /// The filter for assets matching any of `subfilters` (none: nothing).
    public static func any(of subfilters: [PHPickerFilter]) -> PHPickerFilter {
        PHPickerFilter(.any(subfilters.map(\.pickerFilter)))
    }

    /// The filter for assets matching every one of `subfilters` (none: everything).
    public static func all(of subfilters: [PHPickerFilter]) -> PHPickerFilter {
        PHPickerFilter(.all(subfilters.map(\.pickerFilter)))
    }

    /// The filter for assets not matching `filter`.
    public static func not(_ filter: PHPickerFilter) -> PHPickerFilter {
        PHPickerFilter(.not(filter.pickerFilter))
    }

    /// The filter's text form (see `PickerFilter`), e.g. `any(images,videos)`.
    public var description: String { pickerFilter.description }
}
