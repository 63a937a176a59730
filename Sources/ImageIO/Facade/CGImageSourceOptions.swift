// Options for image sources (CGImageSource.h), with Apple's exact string values.

/// A type-identifier hint for data whose format the first bytes cannot tell (ignored: content sniffing decides).
public let kCGImageSourceTypeIdentifierHint: CFString = "kCGImageSourceTypeIdentifierHint"
/// Whether images should be kept by the source once decoded. Here: `true` keeps the `CGImage` made for an index so
/// a repeated request returns the same object; the default (`false`) decodes afresh each time.
public let kCGImageSourceShouldCache: CFString = "kCGImageSourceShouldCache"
/// Whether to decode at creation time (images are always decoded eagerly in this port).
public let kCGImageSourceShouldCacheImmediately: CFString = "kCGImageSourceShouldCacheImmediately"
/// Whether float pixels may be returned (ignored: 8- and 16-bit integer images are returned).
public let kCGImageSourceShouldAllowFloat: CFString = "kCGImageSourceShouldAllowFloat"
/// Make a thumbnail from the full image when the file has no embedded thumbnail.
public let kCGImageSourceCreateThumbnailFromImageIfAbsent: CFString = "kCGImageSourceCreateThumbnailFromImageIfAbsent"
/// Always make a thumbnail from the full image, ignoring an embedded one.
public let kCGImageSourceCreateThumbnailFromImageAlways: CFString = "kCGImageSourceCreateThumbnailFromImageAlways"
/// The thumbnail's largest side in pixels (no limit when absent).
public let kCGImageSourceThumbnailMaxPixelSize: CFString = "kCGImageSourceThumbnailMaxPixelSize"
/// Rotate/mirror the thumbnail upright per the image's orientation.
public let kCGImageSourceCreateThumbnailWithTransform: CFString = "kCGImageSourceCreateThumbnailWithTransform"
/// Decode at 1/2, 1/4 or 1/8 size (2, 4 or 8) where the format allows it.
public let kCGImageSourceSubsampleFactor: CFString = "kCGImageSourceSubsampleFactor"

/// The state of an image source, as Apple's `CGImageSourceStatus` (raw values match Apple's).
public enum CGImageSourceStatus: Int32, Sendable, Hashable {
    /// The data ended early.
    case statusUnexpectedEOF = -5
    /// The data is not a valid image of its format.
    case statusInvalidData = -4
    /// The format is not one this source reads.
    case statusUnknownType = -3
    /// The header is still being read (more data is needed).
    case statusReadingHeader = -2
    /// Part of the image is available.
    case statusIncomplete = -1
    /// The whole image is available.
    case statusComplete = 0
}
