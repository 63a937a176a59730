import Foundation

/// A version of the RAW development pipeline (`CIRAWFilter.decoderVersion`).
///
/// Apple's constants exist with Apple's names so code that mentions them compiles, but they name Apple's
/// pipelines, which this package does not have: a filter set to one of them has no output image (Apple's rule
/// for a version a file does not support). This package's pipelines are `.photoKitLinux1` and later; each is
/// frozen once released (golden-image tests), so an edit stored with a version renders the same forever.
public struct CIRAWDecoderVersion: RawRepresentable, Hashable, Sendable {
    /// The version's identifier.
    public let rawValue: String
    /// A version with the given identifier.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// No version (Apple's placeholder).
    public static let none = CIRAWDecoderVersion(rawValue: "None")
    /// Apple's version 6 pipeline (not available here).
    public static let version6 = CIRAWDecoderVersion(rawValue: "6")
    /// Apple's version 6 pipeline for DNG files (not available here).
    public static let version6DNG = CIRAWDecoderVersion(rawValue: "6.dng")
    /// Apple's version 7 pipeline (not available here).
    public static let version7 = CIRAWDecoderVersion(rawValue: "7")
    /// Apple's version 7 pipeline for DNG files (not available here).
    public static let version7DNG = CIRAWDecoderVersion(rawValue: "7.dng")
    /// Apple's version 8 pipeline (not available here).
    public static let version8 = CIRAWDecoderVersion(rawValue: "8")
    /// Apple's version 8 pipeline for DNG files (not available here).
    public static let version8DNG = CIRAWDecoderVersion(rawValue: "8.dng")
    /// Apple's version 9 pipeline (not available here).
    public static let version9 = CIRAWDecoderVersion(rawValue: "9")
    /// Apple's version 9 pipeline for DNG files (not available here).
    public static let version9DNG = CIRAWDecoderVersion(rawValue: "9.dng")

    /// This package's first RAW pipeline: black/white normalisation, white balance with highlight clipping,
    /// gradient-corrected demosaic (bilinear in draft mode; half-size at scale ≤ 0.5), the camera matrix to
    /// linear sRGB primaries, exposure, the linear-space filter, the boost tone curve, scale and orientation.
    public static let photoKitLinux1 = CIRAWDecoderVersion(rawValue: "PhotoKitLinux.1")
    /// This package's second RAW pipeline (the default): `photoKitLinux1` with a directional, ratio-corrected
    /// demosaic (RCD-class: the interpolation follows edges, green is corrected by a colour-blind low-pass image,
    /// red and blue come from colour differences), which keeps fine detail and edges free of the zipper and
    /// false colour that the gradient-corrected filters leave, and with highlight recovery and gamut mapping on
    /// by default (as Apple's pipelines). Draft mode is bilinear in both.
    public static let photoKitLinux2 = CIRAWDecoderVersion(rawValue: "PhotoKitLinux.2")
}
