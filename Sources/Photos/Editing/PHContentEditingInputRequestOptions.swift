import Foundation

/// Options for `PHAsset.requestContentEditingInput(with:completionHandler:)`.
public final class PHContentEditingInputRequestOptions: NSObject, @unchecked Sendable {
    /// Asked, when the asset has adjustment data, whether the editor understands it. `true` → the input is the
    /// original plus that adjustment data (rebuild and change the edit); `false` → the input is the current
    /// rendered image and the new edit stacks on it. The default answers `false`.
    public var canHandleAdjustmentData: (PHAdjustmentData) -> Bool = { _ in false }
    /// Accepted; a local library never needs the network.
    public var isNetworkAccessAllowed = false
    /// Called with download progress; never called for a local library.
    public var progressHandler: ((Double, UnsafeMutablePointer<ObjCBool>) -> Void)?

    public override init() { super.init() }
}

/// A content-editing input request's identifier.
public typealias PHContentEditingInputRequestID = Int

/// Info key: the request was cancelled (`Bool`).
public let PHContentEditingInputCancelledKey = "PHContentEditingInputCancelledKey"
/// Info key: the error that stopped the request (`NSError`).
public let PHContentEditingInputErrorKey = "PHContentEditingInputErrorKey"
/// Info key: the asset is in the cloud (`Bool`; always false for a local library).
public let PHContentEditingInputResultIsInCloudKey = "PHContentEditingInputResultIsInCloudKey"
