import Foundation

/// How an image is fitted into a requested target size. Raw values match Apple's
/// `PHImageContentMode`.
public enum PHImageContentMode: Int, Sendable {
    /// Scale to fit entirely inside the target size, keeping the aspect ratio.
    case aspectFit = 0
    /// Scale to fill the target size, keeping the aspect ratio (the excess may be cropped).
    case aspectFill = 1

    /// The default mode, ``aspectFit`` (Apple's `PHImageContentModeDefault` alias).
    public static var `default`: PHImageContentMode { .aspectFit }
}

/// Which version of an image to request. Raw values match Apple's
/// `PHImageRequestOptionsVersion`.
public enum PHImageRequestOptionsVersion: Int, Sendable {
    /// The current version, with all edits applied.
    case current = 0
    /// The version without adjustments.
    case unadjusted = 1
    /// The original, highest-fidelity version (the RAW file of a RAW+JPEG pair).
    case original = 2
}

/// The quality/latency trade-off of an image request. Raw values match Apple's
/// `PHImageRequestOptionsDeliveryMode`.
public enum PHImageRequestOptionsDeliveryMode: Int, Sendable {
    /// Possibly several results: a quick degraded one, then the high-quality one.
    case opportunistic = 0
    /// Exactly one result, at the highest quality.
    case highQualityFormat = 1
    /// Exactly one result, as fast as possible (possibly degraded).
    case fastFormat = 2
}

/// How precisely an image request honours its target size. Raw values match Apple's
/// `PHImageRequestOptionsResizeMode`.
public enum PHImageRequestOptionsResizeMode: Int, Sendable {
    /// No resizing.
    case none = 0
    /// Efficient resizing; the result may be somewhat larger than the target size.
    case fast = 1
    /// Exactly the target size (required for a crop rectangle).
    case exact = 2
}

/// Which version of a video to request. Raw values match Apple's
/// `PHVideoRequestOptionsVersion`.
public enum PHVideoRequestOptionsVersion: Int, Sendable {
    /// The current version, with all edits applied.
    case current = 0
    /// The original version, without edits.
    case original = 1
}

/// The quality of a video request. Raw values match Apple's
/// `PHVideoRequestOptionsDeliveryMode`.
public enum PHVideoRequestOptionsDeliveryMode: Int, Sendable {
    /// Quality chosen automatically from the request and conditions.
    case automatic = 0
    /// The highest available quality.
    case highQualityFormat = 1
    /// Medium quality (typically 720p).
    case mediumQualityFormat = 2
    /// Whatever is fastest to deliver (typically 360p).
    case fastFormat = 3
}
