import Foundation

/// Progress of preparing a video: fraction (0…1), an error, a flag to set to stop the request, and info.
public typealias PHAssetVideoProgressHandler = (Double, (any Error)?, UnsafeMutablePointer<ObjCBool>, [AnyHashable: Any]?) -> Void

/// Options for `PHImageManager`'s video requests, as PhotoKit's `PHVideoRequestOptions`.
///
/// Differences from Apple: the library is local, so nothing is downloaded and `deliveryMode` does not change the
/// movie handed back by `requestAVAsset` / `requestPlayerItem` (always the stored movie of `version`); an export
/// session's quality comes from its preset. `progressHandler` is called with 1 when the movie is ready.
open class PHVideoRequestOptions: NSObject, @unchecked Sendable {
    /// Which version (default `.current`, with edits).
    open var version: PHVideoRequestOptionsVersion = .current
    /// Quality versus speed (default `.automatic`).
    open var deliveryMode: PHVideoRequestOptionsDeliveryMode = .automatic
    /// Whether the movie may be downloaded (no effect: the library is local).
    open var isNetworkAccessAllowed = false
    /// Reports preparation progress, on a background queue.
    open var progressHandler: PHAssetVideoProgressHandler?

    public override init() { super.init() }
}
