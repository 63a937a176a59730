import Foundation
import CoreGraphics
import CoreImage

extension UIImage {
    /// The Core Image recipe of an image made with `init(ciImage:)`; nil for bitmap images (as on Apple, an
    /// image has either a `cgImage` or a `ciImage`).
    public var ciImage: CIImage? { ciImageStorage as? CIImage }

    /// An image backed by a Core Image recipe (scale 1, orientation `.up`). `size` is the recipe's extent.
    public convenience init(ciImage: CIImage) {
        self.init(ciImage: ciImage, scale: 1, orientation: .up)
    }

    /// An image backed by a Core Image recipe, with a display scale and orientation.
    public convenience init(ciImage: CIImage, scale: CGFloat, orientation: UIImage.Orientation) {
        let extent = ciImage.extent
        let size = extent.isInfinite || extent.isNull ? .zero : extent.size
        self.init(ciImageStorage: ciImage, size: size, scale: scale, orientation: orientation)
    }

    /// The bitmap encoders use: `cgImage`, or the `ciImage` rendered (sRGB, 8-bit) when it has a finite extent.
    var bitmapForEncoding: CGImage? {
        if let cgImage { return cgImage }
        guard let ciImage, !ciImage.extent.isInfinite, !ciImage.extent.isEmpty else { return nil }
        return CIContext().createCGImage(ciImage, from: ciImage.extent)
    }
}
