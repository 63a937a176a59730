import Foundation

extension FilterCatalog {
    /// CIAreaMinMax: the per-component minimum (left pixel) and maximum (right pixel) of the premultiplied pixels
    /// of the input inside `inputExtent` (cut to the image's extent): a 2 × 1 image at the area's origin.
    static let areaMinMax = FilterDefinition(
        name: "CIAreaMinMax", display: "Area Min and Max",
        categories: [kCategory.reduction, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Calculates the per-component minimum and maximum value for the specified area in an image. The result is returned in a 2x1 image where the component minimum values are stored in the pixel on the left.",
        parameters: [.image(summary: "The image to process."), .reductionExtent()], mac: "10.14", iOS: "12"
    ) { args in
        guard let image = args.image(), let area = args.reductionArea(of: image) else { return nil }
        return image.reducing(ComponentExtremaKernel(area: area, output: .minimumAndMaximum))
    }
}
