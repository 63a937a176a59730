import Foundation

/// Options for `PHImageManager.requestLivePhoto`, as PhotoKit's `PHLivePhotoRequestOptions`.
///
/// Differences from Apple: the library is local; `deliveryMode` does not change the files handed back (there is
/// one delivery, never degraded), and `progressHandler` is called with 1 when the Live Photo is ready.
open class PHLivePhotoRequestOptions: NSObject, NSCopying, @unchecked Sendable {
    /// Which version (default `.current`, with edits).
    open var version: PHImageRequestOptionsVersion = .current
    /// Quality versus speed (default `.opportunistic`).
    open var deliveryMode: PHImageRequestOptionsDeliveryMode = .opportunistic
    /// Whether data may be downloaded (no effect: the library is local).
    open var isNetworkAccessAllowed = false
    /// Reports loading progress, on a background queue.
    open var progressHandler: PHAssetImageProgressHandler?

    public override init() { super.init() }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = PHLivePhotoRequestOptions()
        copy.version = version
        copy.deliveryMode = deliveryMode
        copy.isNetworkAccessAllowed = isNetworkAccessAllowed
        copy.progressHandler = progressHandler
        return copy
    }
}
