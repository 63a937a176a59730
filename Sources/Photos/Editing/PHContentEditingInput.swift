import Foundation
import PhotoLibrary

/// What an editor starts from: the asset's metadata, the image to edit (original or current rendered
/// version, per the adjustment-data rule) and, when the editor understood it, the previous adjustment data.
public final class PHContentEditingInput: NSObject, @unchecked Sendable {
    public let mediaType: PHAssetMediaType
    public let mediaSubtypes: PHAssetMediaSubtype
    public let creationDate: Date?
    public let location: CLLocation?
    /// The type of the full-size image.
    public let uniformTypeIdentifier: String?
    public let playbackStyle: PHAsset.PlaybackStyle
    /// The previous edit's adjustment data, when `canHandleAdjustmentData` accepted it (else nil).
    public let adjustmentData: PHAdjustmentData?
    /// The full-size image to render the output from (a file in the library: read it, never write it); nil
    /// for videos, which come as `audiovisualAsset`.
    public let fullSizeImageURL: URL?
    /// The Live Photo to edit (its still is `fullSizeImageURL`; its movie is the pair's of the same version) for
    /// Live Photo assets, else nil. Edit it with `PHLivePhotoEditingContext(livePhotoEditingInput:)`.
    public let livePhoto: PHLivePhoto?
    /// The movie to render a video's output from (an `AVURLAsset` of the original or the current rendered movie,
    /// per the adjustment-data rule); nil for photos.
    public let audiovisualAsset: AVAsset?
    /// The EXIF orientation (1…8) of the full-size image.
    public let fullSizeImageOrientation: Int32
    /// A screen-size rendition of the image to edit (at most 1,600 pixels on the long side, upright, in its
    /// own colour space) for interactive previews; nil when it cannot be decoded.
    public let displaySizeImage: UIImage?

    /// The asset being edited (the output refers to it).
    package let assetIdentifier: String
    /// Where outputs made from this input put their rendered file: the library's staging directory, or the
    /// output directory a host gave an editing extension.
    package let renderedContentDirectory: URL
    /// What rendered files' names start with: the library handle's working-file prefix (so recovery keeps them while
    /// that handle lives), or `extension` inside an extension's own output directory.
    package let workingFilePrefix: String
    /// True when the image is the original (a new edit replaces the previous one); false when it is the current
    /// rendered version (the new edit stacks on it).
    package let baseIsOriginal: Bool

    init(asset: PHAsset, library: PHPhotoLibrary, adjustmentData: PHAdjustmentData?, fullSizeImageURL: URL?,
         orientation: Int32, uniformTypeIdentifier: String?, baseIsOriginal: Bool, makesDisplaySizeImage: Bool = true,
         livePhoto: PHLivePhoto? = nil) {
        self.livePhoto = livePhoto
        mediaType = asset.mediaType
        mediaSubtypes = asset.mediaSubtypes
        creationDate = asset.creationDate
        location = asset.location
        playbackStyle = asset.playbackStyle
        self.adjustmentData = adjustmentData
        let isVideo = asset.mediaType == .video
        self.fullSizeImageURL = isVideo ? nil : fullSizeImageURL
        audiovisualAsset = isVideo ? fullSizeImageURL.map { AVURLAsset(url: $0) } : nil
        fullSizeImageOrientation = orientation
        displaySizeImage = makesDisplaySizeImage && !isVideo ? fullSizeImageURL.flatMap(Self.displaySizeImage(of:)) : nil
        self.uniformTypeIdentifier = uniformTypeIdentifier
        assetIdentifier = asset.localIdentifier
        renderedContentDirectory = library.renderedContentDirectory
        workingFilePrefix = library.workingFilePrefix
        self.baseIsOriginal = baseIsOriginal
        super.init()
    }

    /// An input rebuilt from a description, in a process that has no library (an editing extension): outputs
    /// made from it render into `renderedContentDirectory`.
    package init(description: PHContentEditingInputDescription, renderedContentDirectory: URL) {
        mediaType = PHAssetMediaType(rawValue: description.mediaType) ?? .unknown
        mediaSubtypes = PHAssetMediaSubtype(rawValue: description.mediaSubtypes)
        creationDate = description.creationDate
        location = description.location.map {
            CLLocation(coordinate: CLLocationCoordinate2D(latitude: $0.latitude, longitude: $0.longitude), altitude: $0.altitude,
                       horizontalAccuracy: 0, verticalAccuracy: 0, timestamp: description.creationDate ?? Date(timeIntervalSince1970: 0))
        }
        playbackStyle = PHAsset.PlaybackStyle(rawValue: description.playbackStyle) ?? .unsupported
        adjustmentData = description.adjustmentData.map(PHAdjustmentData.init)
        fullSizeImageURL = description.fullSizeImagePath.map { URL(fileURLWithPath: $0) }
        let movie = description.moviePath.map { URL(fileURLWithPath: $0) }
        let isVideo = description.mediaType == PHAssetMediaType.video.rawValue
        audiovisualAsset = isVideo ? movie.map { AVURLAsset(url: $0) } : nil
        livePhoto = Self.livePhoto(still: isVideo ? nil : fullSizeImageURL, movie: movie)
        fullSizeImageOrientation = description.fullSizeImageOrientation
        displaySizeImage = fullSizeImageURL.flatMap(Self.displaySizeImage(of:))
        uniformTypeIdentifier = description.uniformTypeIdentifier
        assetIdentifier = description.assetIdentifier
        self.renderedContentDirectory = renderedContentDirectory
        workingFilePrefix = "extension"
        baseIsOriginal = description.baseIsOriginal
        super.init()
    }

    /// What a host sends an editing extension so it can rebuild this input in its own process.
    package var editingDescription: PHContentEditingInputDescription {
        PHContentEditingInputDescription(
            assetIdentifier: assetIdentifier, mediaType: mediaType.rawValue, mediaSubtypes: mediaSubtypes.rawValue,
            creationDate: creationDate,
            location: location.map { .init(latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude, altitude: $0.altitude) },
            uniformTypeIdentifier: uniformTypeIdentifier, playbackStyle: playbackStyle.rawValue,
            adjustmentData: adjustmentData.map { AdjustmentPayload(formatIdentifier: $0.formatIdentifier, formatVersion: $0.formatVersion, data: $0.data) },
            fullSizeImagePath: fullSizeImageURL?.path,
            moviePath: (audiovisualAsset as? AVURLAsset)?.url.path ?? livePhoto?.videoURL.path,
            fullSizeImageOrientation: fullSizeImageOrientation, baseIsOriginal: baseIsOriginal)
    }

    /// The Live Photo of a still and its movie, sized from the still's header; nil unless both are given.
    static func livePhoto(still: URL?, movie: URL?) -> PHLivePhoto? {
        guard let still, let movie, let source = CGImageSourceCreateWithURL(still as CFURL, nil),
              let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [AnyHashable: Any],
              let width = properties[kCGImagePropertyPixelWidth] as? Int, let height = properties[kCGImagePropertyPixelHeight] as? Int else { return nil }
        let turned = ((properties[kCGImagePropertyOrientation] as? Int) ?? 1) >= 5
        return PHLivePhoto(photoURL: still, videoURL: movie, size: turned ? CGSize(width: height, height: width) : CGSize(width: width, height: height))
    }

    /// Longest side of `displaySizeImage`.
    static let displaySize = 1600

    static func displaySizeImage(of url: URL) -> UIImage? {
        guard let source = CGImageSourceCreateWithURL(url as CFURL, nil) else { return nil }
        let options: [String: Any] = [
            kCGImageSourceCreateThumbnailFromImageAlways: true,
            kCGImageSourceCreateThumbnailWithTransform: true,
            kCGImageSourceThumbnailMaxPixelSize: displaySize,
        ]
        guard let image = CGImageSourceCreateThumbnailAtIndex(source, 0, options as CFDictionary) else { return nil }
        return UIImage(cgImage: image)
    }
}
