import Foundation
import CoreGraphics
import ImageIO

/// An image as UIKit models it, for the non-visual code paths iOS programs share with Linux: a `CGImage` in its
/// stored orientation plus the orientation and scale to display it with. Immutable and thread-safe.
///
/// Differences from Apple: no drawing, resizable or symbol images, no asset catalogues for `UIImage(named:)`;
/// an animated image is its frames and duration (nothing plays it). `jpegData`/`pngData`/`heicData` write orientation-normalised pixels (rotated upright,
/// orientation tag 1) with the image's ICC profile embedded.
public final class UIImage: Sendable, CustomStringConvertible {
    /// The bitmap in its stored orientation (`nil` only for images made from a `CIImage`).
    public let cgImage: CGImage?
    /// Points-to-pixels factor: `size` is the pixel size divided by it.
    public let scale: CGFloat
    /// How `cgImage` must be rotated/mirrored to display upright.
    public let imageOrientation: UIImage.Orientation

    /// Storage for the `CIImage` of images made from one (set only through the package initializer below).
    package let ciImageStorage: (any Sendable)?
    private let pixelSize: CGSize
    /// The frames of an animated image (`animatedImage(with:duration:)`); `nil` for other images.
    public let images: [UIImage]?
    /// How long one pass through an animated image's frames takes, in seconds; 0 for other images.
    public let duration: TimeInterval

    /// Wraps a bitmap (scale 1, orientation `.up`).
    public convenience init(cgImage: CGImage) {
        self.init(cgImage: cgImage, scale: 1, orientation: .up)
    }

    /// Wraps a bitmap with the scale and orientation to display it with.
    public init(cgImage: CGImage, scale: CGFloat, orientation: UIImage.Orientation) {
        self.cgImage = cgImage
        self.scale = scale > 0 ? scale : 1
        self.imageOrientation = orientation
        self.ciImageStorage = nil
        self.pixelSize = CGSize(width: cgImage.width, height: cgImage.height)
        self.images = nil
        self.duration = 0
    }

    /// An animated image: the first frame's bitmap (or recipe), scale and orientation, and all the frames.
    init(frames: [UIImage], duration: TimeInterval, first: UIImage) {
        self.cgImage = first.cgImage
        self.scale = first.scale
        self.imageOrientation = first.imageOrientation
        self.ciImageStorage = first.ciImageStorage
        self.pixelSize = first.pixelSize
        self.images = frames
        self.duration = duration.isFinite && duration > 0 ? duration : 0
    }

    /// For Core Image: an image backed by a `CIImage` (kept in `ciImageStorage`) of the given pixel extent.
    package init(ciImageStorage: any Sendable, size: CGSize, scale: CGFloat, orientation: UIImage.Orientation) {
        self.cgImage = nil
        self.scale = scale > 0 ? scale : 1
        self.imageOrientation = orientation
        self.ciImageStorage = ciImageStorage
        self.pixelSize = size
        self.images = nil
        self.duration = 0
    }

    /// Decodes image data (JPEG, PNG, HEIC, GIF, WebP, TIFF, DNG…), keeping the stored orientation in `cgImage`
    /// and the file's EXIF orientation in `imageOrientation`, in the file's own colour space; `nil` when the data
    /// is not a readable image.
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// Decodes image data with a display scale (e.g. 2 for "@2x" content).
    public init?(data: Data, scale: CGFloat) {
        guard let file = try? ImageFile(data: data),
              let decoded = try? file.decode(DecodeOptions(applyOrientation: false, colorSpace: nil, bitDepth: .source)) else { return nil }
        let image = decoded.makeCGImage()
        self.cgImage = image
        self.scale = scale > 0 ? scale : 1
        self.imageOrientation = UIImage.Orientation(decoded.orientation)
        self.ciImageStorage = nil
        self.pixelSize = CGSize(width: image.width, height: image.height)
        self.images = nil
        self.duration = 0
    }

    /// Decodes the file at `path`; `nil` when it cannot be read or is not an image. A "@2x"/"@3x" suffix before
    /// the extension sets the scale, as UIKit does.
    public convenience init?(contentsOfFile path: String) {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe) else { return nil }
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let scale: CGFloat = stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
        self.init(data: data, scale: scale)
    }

    /// The display size in points: pixel size after orientation, divided by `scale`.
    public var size: CGSize {
        let swapped = imageOrientation.swapsDimensions
        let width = swapped ? pixelSize.height : pixelSize.width
        let height = swapped ? pixelSize.width : pixelSize.height
        return CGSize(width: width / scale, height: height / scale)
    }

    public var description: String {
        "<UIImage \(Int(size.width))×\(Int(size.height)) pt, scale \(scale), orientation \(imageOrientation)>"
    }
}
