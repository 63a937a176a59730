import Foundation

/// The major kind of an asset collection. Raw values match Apple's `PHAssetCollectionType`.
public enum PHAssetCollectionType: Int, Sendable {
    /// An album created by the user or synced/imported.
    case album = 1
    /// A smart album whose contents the library maintains.
    case smartAlbum = 2
    /// A moment (time/place cluster). Deprecated on Apple platforms since iOS 13 and unavailable
    /// on macOS.
    @available(*, deprecated, message: "Will be removed in a future release")
    case moment = 3
}

/// The minor kind of an asset collection. Raw values match Apple's `PHAssetCollectionSubtype`;
/// ``any`` is `Int.max` (Apple's `NSIntegerMax` on 64-bit platforms).
public enum PHAssetCollectionSubtype: Int, Sendable {
    /// An album created in the Photos app.
    case albumRegular = 2
    /// An event synced from a computer.
    case albumSyncedEvent = 3
    /// A faces group synced from a computer.
    case albumSyncedFaces = 4
    /// An album synced from a computer.
    case albumSyncedAlbum = 5
    /// An album imported from a camera or external storage.
    case albumImported = 6
    /// The user's (legacy) My Photo Stream album.
    case albumMyPhotoStream = 100
    /// A shared iCloud album.
    case albumCloudShared = 101
    /// A smart album with no more specific subtype.
    case smartAlbumGeneric = 200
    /// Panorama photos.
    case smartAlbumPanoramas = 201
    /// Videos.
    case smartAlbumVideos = 202
    /// Favourites.
    case smartAlbumFavorites = 203
    /// Time-lapse videos.
    case smartAlbumTimelapses = 204
    /// Hidden assets.
    case smartAlbumAllHidden = 205
    /// Recently added assets.
    case smartAlbumRecentlyAdded = 206
    /// Burst sequences.
    case smartAlbumBursts = 207
    /// Slow-motion videos.
    case smartAlbumSlomoVideos = 208
    /// The user's whole library ("Recents" / "All Photos").
    case smartAlbumUserLibrary = 209
    /// Front-camera photos and videos (selfies).
    case smartAlbumSelfPortraits = 210
    /// Screenshots.
    case smartAlbumScreenshots = 211
    /// Depth-effect (Portrait) photos.
    case smartAlbumDepthEffect = 212
    /// Live Photos.
    case smartAlbumLivePhotos = 213
    /// Animated images.
    case smartAlbumAnimated = 214
    /// Live Photos with the Long Exposure effect.
    case smartAlbumLongExposures = 215
    /// Assets that could not be uploaded to iCloud.
    case smartAlbumUnableToUpload = 216
    /// RAW photos.
    case smartAlbumRAW = 217
    /// Cinematic-mode videos.
    case smartAlbumCinematic = 218
    /// Spatial photos and videos.
    case smartAlbumSpatial = 219
    /// Screen recordings.
    case smartAlbumScreenRecordings = 220
    /// Matches every subtype when fetching (`Int.max`).
    case any = 9_223_372_036_854_775_807
}

/// The major kind of a collection list. Raw values match Apple's `PHCollectionListType`.
public enum PHCollectionListType: Int, Sendable {
    /// A list of moments. Deprecated on Apple platforms since iOS 13; unavailable on macOS.
    @available(*, deprecated, message: "Will be removed in a future release")
    case momentList = 1
    /// A folder of albums and folders.
    case folder = 2
    /// A smart folder maintained by the library.
    case smartFolder = 3
}

/// The minor kind of a collection list. Raw values match Apple's `PHCollectionListSubtype`;
/// ``any`` is `Int.max`. Apple's iOS 27 *beta* case `rootFolder` (101) is not included.
public enum PHCollectionListSubtype: Int, Sendable {
    /// A cluster of moments. Deprecated on Apple platforms since iOS 13.
    @available(*, deprecated, message: "Will be removed in a future release")
    case momentListCluster = 1
    /// A year of moments. Deprecated on Apple platforms since iOS 13.
    @available(*, deprecated, message: "Will be removed in a future release")
    case momentListYear = 2
    /// A user folder containing albums or other folders.
    case regularFolder = 100
    /// A smart folder of synced events.
    case smartFolderEvents = 200
    /// A smart folder of synced faces.
    case smartFolderFaces = 201
    /// Matches every subtype when fetching (`Int.max`).
    case any = 9_223_372_036_854_775_807
}

/// An editing operation whose permission `PHCollection.canPerform(_:)` reports. Raw values match
/// Apple's `PHCollectionEditOperation`.
public enum PHCollectionEditOperation: Int, Sendable {
    /// Deleting the things the collection contains.
    case deleteContent = 1
    /// Removing contained things from the collection without deleting them from the library.
    case removeContent = 2
    /// Adding existing things from elsewhere.
    case addContent = 3
    /// Creating new things (or duplicating others) in the collection.
    case createContent = 4
    /// Reordering the contents.
    case rearrangeContent = 5
    /// Deleting the collection itself (not its contents).
    case delete = 6
    /// Renaming the collection.
    case rename = 7
}

/// The kind of object a persistent-change record describes (Apple: iOS 16). Raw values match
/// Apple's `PHObjectType`.
public enum PHObjectType: Int, Sendable {
    /// A `PHAsset`.
    case asset = 1
    /// A `PHAssetCollection`.
    case assetCollection = 2
    /// A `PHCollectionList`.
    case collectionList = 3
}
