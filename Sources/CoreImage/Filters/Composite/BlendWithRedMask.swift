import Foundation

extension FilterCatalog {
    /// CIBlendWithRedMask: `mix(background, image, mask.red)` on premultiplied values (0 → background, 1 → image).
    static let blendWithRedMask = maskBlend("CIBlendWithRedMask", channel: 0, "Uses values from a mask image to interpolate between an image and the background.", mac: "10.13", iOS: "11")
}
