// Options for image destinations (CGImageDestination.h), with Apple's exact string values.

/// Lossy compression quality, 0.0…1.0 (1.0 = lossless where the format allows it).
public let kCGImageDestinationLossyCompressionQuality: CFString = "kCGImageDestinationLossyCompressionQuality"
/// A `CGColor` to composite alpha against for formats without alpha (default black).
public let kCGImageDestinationBackgroundColor: CFString = "kCGImageDestinationBackgroundColor"
/// The largest side the written image may have; larger images are scaled down.
public let kCGImageDestinationImageMaxPixelSize: CFString = "kCGImageDestinationImageMaxPixelSize"
/// Whether to embed a thumbnail (accepted; no thumbnail is written by this port).
public let kCGImageDestinationEmbedThumbnail: CFString = "kCGImageDestinationEmbedThumbnail"
/// Whether to convert wide-gamut colour for sharing (here: converts to sRGB).
public let kCGImageDestinationOptimizeColorForSharing: CFString = "kCGImageDestinationOptimizeColorForSharing"
/// Metadata to merge (accepted for `CGImageDestinationCopyImageSource`, which this port does not provide).
public let kCGImageDestinationMetadata: CFString = "kCGImageDestinationMetadata"
/// Whether to merge metadata rather than replace it.
public let kCGImageDestinationMergeMetadata: CFString = "kCGImageDestinationMergeMetadata"
/// Leave XMP out of written files.
public let kCGImageMetadataShouldExcludeXMP: CFString = "kCGImageMetadataShouldExcludeXMP"
/// Leave GPS out of written files.
public let kCGImageMetadataShouldExcludeGPS: CFString = "kCGImageMetadataShouldExcludeGPS"
/// A date to write as the image's date (TIFF DateTime).
public let kCGImageDestinationDateTime: CFString = "kCGImageDestinationDateTime"
/// An orientation (1…8) to write.
public let kCGImageDestinationOrientation: CFString = "kCGImageDestinationOrientation"
