import Foundation

extension FilterCatalog {
    /// CISourceOverCompositing: Porter-Duff source over, `S + D × (1 − Sa)` on premultiplied colour.
    static let sourceOverCompositing = FilterDefinition(
        name: "CISourceOverCompositing", categories: [kCategory.compositeOperation, kCategory.video, kCategory.stillImage, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.highDynamicRange],
        summary: "Places the input image over the input background image.",
        parameters: [.image(), .image(kCIInputBackgroundImageKey, summary: "The image to use as a background image.")]
    ) { args in
        guard let image = args.image(), let background = args.image(kCIInputBackgroundImageKey) else { return nil }
        return image.composited(over: background)
    }
}
