import Foundation
import CoreGraphics
import CoreImage
import ImageIO

extension CIImage {
    /// A Core Image image of a UIKit image, as Core Image's UIKit addition: the image's `ciImage` when it was made
    /// from one; else its bitmap in the stored orientation, with the orientation noted in `properties`
    /// (`kCGImagePropertyOrientation`, as CGImagePropertyOrientation numbers it) unless `.properties` is given, and
    /// turned upright when `.applyOrientationProperty` is true. Other options as `init(cgImage:options:)`. `nil`
    /// for an image with neither a bitmap nor a recipe.
    public convenience init?(image: UIImage, options: [CIImageOption: Any]? = nil) {
        if let recipe = image.ciImage {
            self.init(image: recipe.image, properties: recipe.properties, url: recipe.url, colorSpace: recipe.colorSpace, cgImage: recipe.cgImage)
            return
        }
        guard let bitmap = image.cgImage else { return nil }
        let orientation = CGImagePropertyOrientation(image.imageOrientation)
        var merged = options ?? [:]
        if merged[.properties] == nil { merged[.properties] = [kCGImagePropertyOrientation as String: Int(orientation.rawValue)] }
        let stored = CIImage(cgImage: bitmap, options: merged)
        let upright = (options?[.applyOrientationProperty] as? Bool) == true && orientation != .up
        self.init(image: upright ? stored.oriented(orientation).image : stored.image, properties: stored.properties,
                  colorSpace: stored.colorSpace, cgImage: upright ? nil : bitmap)
    }

    /// `init(image:options:)` without options.
    public convenience init?(image: UIImage) { self.init(image: image, options: nil) }
}
