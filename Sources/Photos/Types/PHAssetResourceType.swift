import Foundation

/// The role of one underlying data file of an asset. Raw values match Apple's
/// `PHAssetResourceType` (values 13–18 are unused). Apple may add values in later releases:
/// when switching over values read from storage, keep a fallback.
public enum PHAssetResourceType: Int, Sendable {
    /// The original photo data.
    case photo = 1
    /// The original video data.
    case video = 2
    /// The original audio data.
    case audio = 3
    /// An alternate photo, e.g. the JPEG of a RAW+JPEG pair.
    case alternatePhoto = 4
    /// The current (edited) version of the photo.
    case fullSizePhoto = 5
    /// The current (edited) version of the video.
    case fullSizeVideo = 6
    /// The adjustment data describing the most recent edit.
    case adjustmentData = 7
    /// The unadjusted photo the current edit was applied to.
    case adjustmentBasePhoto = 8
    /// The original video of a Live Photo.
    case pairedVideo = 9
    /// The current (edited) video of a Live Photo.
    case fullSizePairedVideo = 10
    /// The unadjusted Live Photo video the current edit was applied to.
    case adjustmentBasePairedVideo = 11
    /// The unadjusted video the current edit was applied to.
    case adjustmentBaseVideo = 12
    /// A temporary proxy photo delivered before the final photo is processed (Apple: iOS 17).
    case photoProxy = 19
}
