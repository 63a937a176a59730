import Foundation

/// Identifies an image request across its deliveries; 0 is never a valid request.
public typealias PHImageRequestID = Int32

/// The value no image request has.
public let PHInvalidImageRequestID: PHImageRequestID = 0

/// Apple's sentinel target size, `CGSize(width: -1, height: -1)`: the largest image available, neither scaled nor
/// cropped (content and resize modes are ignored). Any target with a side ≤ 0 is treated the same way.
public let PHImageManagerMaximumSize = CGSize(width: -1, height: -1)

/// Info key: `Bool`, whether the data is only in iCloud (always false here: the library is local).
public let PHImageResultIsInCloudKey = "PHImageResultIsInCloudKey"
/// Info key: `Bool`, whether the image is a low-quality stand-in that a better one follows.
public let PHImageResultIsDegradedKey = "PHImageResultIsDegradedKey"
/// Info key: the request's `PHImageRequestID` (as an `NSNumber`), the same in every delivery of one request.
public let PHImageResultRequestIDKey = "PHImageResultRequestIDKey"
/// Info key: `Bool`, present (true) in the last delivery of a cancelled request.
public let PHImageCancelledKey = "PHImageCancelledKey"
/// Info key: the `NSError` (domain `PHPhotosErrorDomain`) that stopped the request.
public let PHImageErrorKey = "PHImageErrorKey"

/// Progress of loading an image: fraction (0…1), an error, a flag to set to stop the request, and info.
public typealias PHAssetImageProgressHandler = (Double, (any Error)?, UnsafeMutablePointer<ObjCBool>, [AnyHashable: Any]?) -> Void
