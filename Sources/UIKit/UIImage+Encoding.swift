import Foundation
import CoreGraphics
import ImageIO

extension UIImage {
    /// JPEG data at `compressionQuality` (0 = smallest, 1 = best), pixels rotated upright, ICC profile embedded;
    /// `CIImage`-backed images are rendered first (nil when their extent is infinite or encoding fails).
    public func jpegData(compressionQuality: CGFloat) -> Data? {
        encoded(as: .jpeg, quality: Double(compressionQuality))
    }

    /// PNG data, pixels rotated upright, ICC profile embedded.
    public func pngData() -> Data? {
        encoded(as: .png, quality: 1)
    }

    /// HEIC data (quality 0.85), pixels rotated upright, ICC profile embedded.
    public func heicData() -> Data? {
        encoded(as: .heic, quality: 0.85)
    }

    private func encoded(as format: ImageFormat, quality: Double) -> Data? {
        guard let cgImage = bitmapForEncoding, let space = cgImage.colorSpace, let pixels = try? PixelBuffer(cgImage: cgImage) else { return nil }
        let options = EncodeOptions(quality: quality, embedColorProfile: true, metadata: .strip)
        return try? ImageWriter.encode(pixels: pixels, colorSpace: space, orientation: CGImagePropertyOrientation(imageOrientation),
                                       as: format, options: options)
    }
}
