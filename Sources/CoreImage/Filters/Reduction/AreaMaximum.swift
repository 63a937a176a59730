import Foundation

extension FilterCatalog {
    /// CIAreaMaximum: the per-component maximum of the premultiplied pixels of the input inside `inputExtent`
    /// (cut to the image's extent), as one pixel at the area's origin. An empty area gives no output.
    static let areaMaximum = FilterDefinition(
        name: "CIAreaMaximum", categories: [kCategory.reduction, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Calculates the maximum component values for the specified area in an image, returning the result in a pixel.",
        parameters: [.image(summary: "The image to process."), .reductionExtent()], mac: "10.5", iOS: "9"
    ) { args in
        guard let image = args.image(), let area = args.reductionArea(of: image) else { return nil }
        return image.reducing(ComponentExtremaKernel(area: area, output: .maximum))
    }
}
