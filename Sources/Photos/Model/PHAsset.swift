import Foundation
import PhotoLibrary

/// A photo, video or audio asset: an immutable snapshot of its properties at fetch time.
///
/// Fetch with class methods (`fetchAssets(with:options:)` and friends); change through `PHAssetChangeRequest`.
public final class PHAsset: PHObject, @unchecked Sendable {
    /// The core row this snapshot was made from.
    public let record: AssetRecord

    init(record: AssetRecord, library: PHPhotoLibrary) {
        self.record = record
        super.init(localIdentifier: record.identifier, library: library)
    }

    /// Image, video or audio.
    public var mediaType: PHAssetMediaType { PHAssetMediaType(rawValue: record.mediaType.rawValue) ?? .unknown }
    /// Panorama, HDR, Live Photo, … (from the media's metadata at import).
    public var mediaSubtypes: PHAssetMediaSubtype { PHAssetMediaSubtype(rawValue: UInt(record.mediaSubtypes.rawValue)) }
    /// How to present the asset.
    public var playbackStyle: PHAsset.PlaybackStyle { PHAsset.PlaybackStyle(rawValue: record.playbackStyle.rawValue) ?? .unsupported }
    /// The Live Photo effect applied.
    public var playbackVariation: PHAsset.PlaybackVariation { PHAsset.PlaybackVariation(rawValue: record.playbackVariation) ?? .none }
    /// Width in pixels of the current version, after orientation.
    public var pixelWidth: Int { record.pixelWidth }
    /// Height in pixels of the current version, after orientation.
    public var pixelHeight: Int { record.pixelHeight }
    /// When the photo or video was taken (EXIF, QuickTime metadata, else the file date); editable.
    public var creationDate: Date? { record.creationDate }
    /// When the asset was last changed.
    public var modificationDate: Date? { record.modificationDate }
    /// When the asset was added to the library.
    public var addedDate: Date { record.addedDate }
    /// Where the asset was taken.
    public var location: CLLocation? {
        guard let point = record.location else { return nil }
        return CLLocation(coordinate: CLLocationCoordinate2D(latitude: point.latitude, longitude: point.longitude),
                          altitude: point.altitude ?? 0, horizontalAccuracy: 0, verticalAccuracy: point.altitude == nil ? -1 : 0,
                          timestamp: point.timestamp ?? record.creationDate ?? Date(timeIntervalSince1970: 0))
    }
    /// Duration in seconds (0 for photos).
    public var duration: TimeInterval { record.duration }
    /// Hidden assets are left out of fetches unless `includeHiddenAssets`.
    public var isHidden: Bool { record.isHidden }
    /// Marked as a favourite.
    public var isFavorite: Bool { record.isFavorite }
    /// The burst the asset belongs to.
    public var burstIdentifier: String? { record.burstIdentifier }
    /// How the burst frame was selected.
    public var burstSelectionTypes: PHAssetBurstSelectionType { PHAssetBurstSelectionType(rawValue: UInt(record.burstSelectionTypes)) }
    /// True for the frame that stands for its burst.
    public var representsBurst: Bool { record.representsBurst }
    /// Where the asset came from (always the user's library here).
    public var sourceType: PHAssetSourceType { PHAssetSourceType(rawValue: UInt(record.sourceType)) }
    /// True once the asset has been edited.
    public var hasAdjustments: Bool { record.hasAdjustments }
    /// The type of the asset's primary data.
    public var contentType: UTType { UTType(record.uniformTypeIdentifier) ?? .data }

    /// The value for a key-value coding key: `"filename"` (the name the asset's file had when it was added, which
    /// apps read this way on iOS), `"uniformTypeIdentifier"`, and every public property under its Objective-C
    /// key (`"pixelWidth"`, `"creationDate"`, `"mediaType"`, `"favorite"` or `"isFavorite"`, …); numbers, enums and
    /// flags as `NSNumber`. Unknown keys return `nil` (Apple raises `NSUnknownKeyException`).
    public override func value(forKey key: String) -> Any? {
        keyedValue(forKey: key) ?? super.value(forKey: key)
    }

    /// Every edit operation is allowed on a library asset: delete, content and properties.
    public func canPerform(_ editOperation: PHAssetEditOperation) -> Bool { record.trashedDate == nil }
}
