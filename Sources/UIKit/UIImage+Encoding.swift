import Foundation
import CoreGraphics
import ImageIO

extension UIImage {
    /// JPEG data at `compressionQuality` (0 = smallest, 1 = best), pixels rotated upright, ICC profile embedded;
    /// `nil` for images without a bitmap (`CIImage`-backed) or when encoding fails.
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
        guard let cgImage, let space = cgImage.colorSpace, let pixels = try? PixelBuffer(cgImage: cgImage) else { return nil }
        let options = EncodeOptions(quality: quality, embedColorProfile: true, metadata: .strip)
        return try? ImageWriter.encode(pixels: pixels, colorSpace: space, orientation: CGImagePropertyOrientation(imageOrientation),
                                       as: format, options: options)
    }
}
