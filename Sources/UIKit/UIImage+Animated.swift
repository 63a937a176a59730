import Foundation

extension UIImage {
    /// An animated image: `images` are its frames, shown one after another over `duration` seconds. Its size,
    /// scale and orientation are the first frame's, and so is its `cgImage` (what encoders such as `pngData()`
    /// write); `nil` when `images` is empty.
    public static func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? {
        guard let first = images.first else { return nil }
        return UIImage(frames: images, duration: duration, first: first)
    }
}
