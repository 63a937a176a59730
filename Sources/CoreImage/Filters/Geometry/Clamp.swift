import Foundation

extension FilterCatalog {
    /// CIClamp: the input inside `inputExtent` (whole pixels covering it) with its edge pixels repeated outward
    /// forever: an image of infinite extent, as `clampedToExtent()` is for the image's own extent. An empty or
    /// infinite extent gives no output.
    static let clamp = FilterDefinition(
        name: "CIClamp", categories: [kCategory.tileEffect, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Clamps an image so the pixels with the specified extent are left unchanged but those at the boundary of the extent are extended outwards. This filter produces an image with infinite extent. You can use this filter when you need to blur an image but you want to avoid a soft, black fringe along the edges.",
        parameters: [.image(), .rectangle(kCIInputExtentKey, [0, 0, 640, 80], summary: "A rectangle that defines the extent of the effect.")],
        mac: "10.12", iOS: "10"
    ) { args in
        guard let image = args.image() else { return nil }
        let extent = args.rect(kCIInputExtentKey)
        guard !extent.isNull, !extent.isEmpty, !extent.isEffectivelyInfinite else { return nil }
        return image.clamped(to: extent)
    }
}
