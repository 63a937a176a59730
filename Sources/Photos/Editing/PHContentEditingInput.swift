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
    /// The full-size image to render the output from (a file in the library: read it, never write it).
    public let fullSizeImageURL: URL?
    /// The EXIF orientation (1…8) of the full-size image.
    public let fullSizeImageOrientation: Int32
    /// A screen-size rendition of the image to edit (at most 1,600 pixels on the long side, upright, in its
    /// own colour space) for interactive previews; nil when it cannot be decoded.
    public let displaySizeImage: UIImage?

    /// The asset being edited (the output refers to it).
    let assetIdentifier: String
    let library: PHPhotoLibrary
    /// Adjustment data this input's image is based on: the new edit replaces it (nil when stacking).
    let baseIsOriginal: Bool

    init(asset: PHAsset, library: PHPhotoLibrary, adjustmentData: PHAdjustmentData?, fullSizeImageURL: URL?,
         orientation: Int32, uniformTypeIdentifier: String?, baseIsOriginal: Bool) {
        mediaType = asset.mediaType
        mediaSubtypes = asset.mediaSubtypes
        creationDate = asset.creationDate
        location = asset.location
        playbackStyle = asset.playbackStyle
        self.adjustmentData = adjustmentData
        self.fullSizeImageURL = fullSizeImageURL
        fullSizeImageOrientation = orientation
        displaySizeImage = fullSizeImageURL.flatMap(Self.displaySizeImage(of:))
        self.uniformTypeIdentifier = uniformTypeIdentifier
        assetIdentifier = asset.localIdentifier
        self.library = library
        self.baseIsOriginal = baseIsOriginal
        super.init()
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
