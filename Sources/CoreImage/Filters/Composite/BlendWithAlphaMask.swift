import Foundation

extension FilterCatalog {
    /// CIBlendWithAlphaMask: `mix(background, image, mask.alpha)` on premultiplied values (0 → background, 1 → image).
    static let blendWithAlphaMask = maskBlend("CIBlendWithAlphaMask", channel: 3, "Uses alpha values from a mask to interpolate between an image and the background.", mac: "10.9", iOS: "7")
}
