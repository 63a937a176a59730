import Foundation
import ImageManagement

/// Options for `PHImageManager` requests: which version, how fast, how exact, and how to deliver.
///
/// Differences from Apple: the library is local, so nothing is downloaded. With `isNetworkAccessAllowed` and a
/// `progressHandler`, the handler reports loading of the full-size original instead (0 when reading starts, 1 when
/// done, on a background thread); it is not called for images made from derivatives or caches.
open class PHImageRequestOptions: NSObject, NSCopying, @unchecked Sendable {
    /// Which version of the image (default `.current`, with edits). `.original` of a RAW+JPEG pair is the RAW.
    open var version: PHImageRequestOptionsVersion = .current
    /// Quality versus speed, and how many deliveries (default `.opportunistic`).
    open var deliveryMode: PHImageRequestOptionsDeliveryMode = .opportunistic
    /// How closely the result matches the target size (default `.fast`).
    open var resizeMode: PHImageRequestOptionsResizeMode = .fast
    /// A crop in unit coordinates of the upright image, origin top left (default `.zero`: none). Needs `.exact`.
    open var normalizedCropRect: CGRect = .zero
    /// Whether the image may be downloaded (see the type's discussion).
    open var isNetworkAccessAllowed = false
    /// Block the caller and deliver exactly once on its thread (default false).
    open var isSynchronous = false
    /// Reports loading progress (see the type's discussion).
    open var progressHandler: PHAssetImageProgressHandler?
    /// With `.opportunistic`, allow a second degraded image before the final one (Apple: iOS 17).
    open var allowSecondaryDegradedImage = false

    public override init() { super.init() }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = PHImageRequestOptions()
        copy.version = version
        copy.deliveryMode = deliveryMode
        copy.resizeMode = resizeMode
        copy.normalizedCropRect = normalizedCropRect
        copy.isNetworkAccessAllowed = isNetworkAccessAllowed
        copy.isSynchronous = isSynchronous
        copy.progressHandler = progressHandler
        copy.allowSecondaryDegradedImage = allowSecondaryDegradedImage
        return copy
    }
}

extension PHImageRequestOptions {
    /// The picture these options and a target ask for (the image-determining part, which keys caches).
    static func spec(targetSize: CGSize, contentMode: PHImageContentMode, options: PHImageRequestOptions?) -> ImageRequestSpec {
        let maximum = targetSize.width <= 0 || targetSize.height <= 0 || !targetSize.width.isFinite || !targetSize.height.isFinite
        let target = maximum ? nil : PixelSize(width: max(1, Int(targetSize.width.rounded())), height: max(1, Int(targetSize.height.rounded())))
        let crop = options?.normalizedCropRect ?? .zero
        return ImageRequestSpec(targetSize: target, contentMode: ContentMode(rawValue: contentMode.rawValue) ?? .aspectFit,
                                resizeMode: ResizeMode(rawValue: (options?.resizeMode ?? .fast).rawValue) ?? .fast,
                                normalizedCropRect: crop == .zero ? nil : crop,
                                version: ImageVersion(rawValue: (options?.version ?? .current).rawValue) ?? .current)
    }

    /// The core options for a request.
    static func core(targetSize: CGSize, contentMode: PHImageContentMode, options: PHImageRequestOptions?) -> ImageRequestOptions {
        ImageRequestOptions(spec: spec(targetSize: targetSize, contentMode: contentMode, options: options),
                            deliveryMode: DeliveryMode(rawValue: (options?.deliveryMode ?? .opportunistic).rawValue) ?? .opportunistic,
                            allowSecondaryDegradedImage: options?.allowSecondaryDegradedImage ?? false,
                            isSynchronous: options?.isSynchronous ?? false,
                            reportsOriginalLoading: options?.isNetworkAccessAllowed == true && options?.progressHandler != nil)
    }
}
