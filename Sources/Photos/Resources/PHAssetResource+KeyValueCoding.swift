import Foundation

extension PHAssetResource {
    /// The value for a key-value coding key, for code written against Objective-C's `NSObject.value(forKey:)`
    /// (which Foundation on Linux does not have). Besides the public properties under their Objective-C keys
    /// (`"type"`, `"assetLocalIdentifier"`, `"uniformTypeIdentifier"`, `"originalFilename"`, `"pixelWidth"`,
    /// `"pixelHeight"`), the private keys iOS apps read: `"fileSize"` (the byte count, an `NSNumber` holding an
    /// `Int64`), `"filename"` (the original file name) and `"locallyAvailable"` (always true: a library on Linux keeps
    /// every resource on disk). Numbers and flags come as `NSNumber`. Difference from Apple: an unknown key returns
    /// `nil` where Apple raises `NSUnknownKeyException` (Apple's private keys differ between releases, so `nil` is
    /// the answer that cannot crash code Apple does not crash).
    public func value(forKey key: String) -> Any? {
        switch key {
        case "fileSize": NSNumber(value: byteCount)
        case "filename", "originalFilename": originalFilename
        case "locallyAvailable", "isLocallyAvailable": NSNumber(value: true)
        case "type": NSNumber(value: type.rawValue)
        case "assetLocalIdentifier": assetLocalIdentifier
        case "uniformTypeIdentifier": uniformTypeIdentifier
        case "pixelWidth": NSNumber(value: pixelWidth)
        case "pixelHeight": NSNumber(value: pixelHeight)
        default: nil
        }
    }
}
