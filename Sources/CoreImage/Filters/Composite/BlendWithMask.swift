import Foundation

extension FilterCatalog {
    /// CIBlendWithMask: `mix(background, image, mask.green)` on premultiplied values (0 → background, 1 → image).
    static let blendWithMask = maskBlend("CIBlendWithMask", channel: 1, "Uses values from a grayscale mask to interpolate between an image and the background.", mac: "10.4", iOS: "6")
}
