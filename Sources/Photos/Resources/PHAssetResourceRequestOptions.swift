import Foundation

/// A request for a resource's data (`PHAssetResourceManager`); 0 is never a valid request.
public typealias PHAssetResourceDataRequestID = Int32

/// The value no resource data request has.
public let PHInvalidAssetResourceDataRequestID: PHAssetResourceDataRequestID = 0

/// Called with the fraction (0…1) of a resource's data delivered so far.
public typealias PHAssetResourceProgressHandler = (Double) -> Void

/// Options for a resource data request.
///
/// Difference from Apple: the library is local, so nothing is ever downloaded. When `isNetworkAccessAllowed` is
/// true, `progressHandler` reports the fraction of the file read so far, on the request's queue; otherwise it is
/// not called (as PhotoKit does for data already on the device).
public final class PHAssetResourceRequestOptions: NSObject, NSCopying, @unchecked Sendable {
    /// Whether data may be fetched from the network (never needed here; see the type's discussion).
    public var isNetworkAccessAllowed = false
    /// Reports progress when `isNetworkAccessAllowed` is true.
    public var progressHandler: PHAssetResourceProgressHandler?

    public override init() { super.init() }

    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = PHAssetResourceRequestOptions()
        copy.isNetworkAccessAllowed = isNetworkAccessAllowed
        copy.progressHandler = progressHandler
        return copy
    }
}
