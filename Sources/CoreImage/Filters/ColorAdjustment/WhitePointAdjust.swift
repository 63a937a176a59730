import Foundation

extension FilterCatalog {
    /// CIWhitePointAdjust: each channel scaled by the colour's working-space component, `rgb × color.rgb`
    /// (a von Kries adaptation in RGB: white maps to the colour).
    static let whitePointAdjust = FilterDefinition(
        name: "CIWhitePointAdjust", categories: [kCategory.colorAdjustment, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage],
        summary: "Adjusts the reference white point for an image and maps all colors in the source using the new reference white.",
        parameters: [.image(), .color(kCIInputColorKey, FilterColor(1, 1, 1, 1), identity: FilterColor(1, 1, 1, 1), summary: "A color to use as the white point.")]
    ) { args in
        guard let image = args.image() else { return nil }
        let c = args.color(kCIInputColorKey).premultipliedWorking
        let a = max(c.w, 1e-6)
        return image.applying(operationsKernel("whitePoint", [.matrix(.scale(c.x / a, c.y / a, c.z / a))], unpremultiplied: false))
    }
}
