/// The EXIF/TIFF orientation of an image's pixel data, with the same raw values as the EXIF
/// `Orientation` tag (1…8).
///
/// On Apple platforms this enum is declared in ImageIO (and re-exported by UIKit/AppKit); this
/// port declares it in `CoreGraphics` (a future `ImageIO` shim should re-export it).
@frozen
public enum CGImagePropertyOrientation: UInt32, Sendable, Hashable {
    /// Stored upright (EXIF 1): row 0 at the top, column 0 on the left.
    case up = 1
    /// Mirrored horizontally (EXIF 2).
    case upMirrored = 2
    /// Rotated 180° (EXIF 3).
    case down = 3
    /// Mirrored vertically (EXIF 4).
    case downMirrored = 4
    /// Transposed: mirrored across the top-left/bottom-right diagonal (EXIF 5).
    case leftMirrored = 5
    /// Must be rotated 90° clockwise to display upright (EXIF 6; typical portrait camera photo).
    case right = 6
    /// Transversed: mirrored across the top-right/bottom-left diagonal (EXIF 7).
    case rightMirrored = 7
    /// Must be rotated 90° counter-clockwise to display upright (EXIF 8).
    case left = 8
}
