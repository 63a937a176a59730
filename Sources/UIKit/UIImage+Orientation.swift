import CoreGraphics
import ImageIO

extension UIImage {
    /// How an image's pixels must be rotated/mirrored for display (Apple's raw values, which differ from EXIF's).
    @frozen
    public enum Orientation: Int, Sendable, Hashable {
        /// As stored (EXIF 1).
        case up = 0
        /// Rotated 180° (EXIF 3).
        case down = 1
        /// Rotated 90° counter-clockwise to display (EXIF 8).
        case left = 2
        /// Rotated 90° clockwise to display (EXIF 6).
        case right = 3
        /// Mirrored horizontally (EXIF 2).
        case upMirrored = 4
        /// Mirrored vertically (EXIF 4).
        case downMirrored = 5
        /// Transposed (EXIF 5).
        case leftMirrored = 6
        /// Transversed (EXIF 7).
        case rightMirrored = 7

        /// The UIKit orientation for an EXIF/ImageIO orientation.
        public init(_ orientation: CGImagePropertyOrientation) {
            switch orientation {
            case .up: self = .up
            case .upMirrored: self = .upMirrored
            case .down: self = .down
            case .downMirrored: self = .downMirrored
            case .leftMirrored: self = .leftMirrored
            case .right: self = .right
            case .rightMirrored: self = .rightMirrored
            case .left: self = .left
            }
        }

        /// Whether displaying swaps width and height.
        var swapsDimensions: Bool { [.left, .right, .leftMirrored, .rightMirrored].contains(self) }
    }
}

extension CGImagePropertyOrientation {
    /// The EXIF/ImageIO orientation for a UIKit orientation (Apple's documented mapping).
    public init(_ orientation: UIImage.Orientation) {
        switch orientation {
        case .up: self = .up
        case .upMirrored: self = .upMirrored
        case .down: self = .down
        case .downMirrored: self = .downMirrored
        case .leftMirrored: self = .leftMirrored
        case .right: self = .right
        case .rightMirrored: self = .rightMirrored
        case .left: self = .left
        }
    }
}
