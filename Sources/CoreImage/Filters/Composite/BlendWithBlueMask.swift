import Foundation

extension FilterCatalog {
    /// CIBlendWithBlueMask: `mix(background, image, mask.blue)` on premultiplied values (0 → background, 1 → image).
    static let blendWithBlueMask = maskBlend("CIBlendWithBlueMask", channel: 2, "Uses values from a mask image to interpolate between an image and the background.", mac: "10.13", iOS: "11")
}
