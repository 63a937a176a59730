import Foundation

extension FilterCatalog {
    /// CIAreaMinMaxRed: the minimum (in red) and maximum (in green) of the premultiplied red component inside
    /// `inputExtent` (cut to the image's extent), as one pixel at the area's origin. Apple names only the red and
    /// green components; here blue is 0 and alpha 1.
    static let areaMinMaxRed = FilterDefinition(
        name: "CIAreaMinMaxRed", display: "Area Min and Max Red",
        categories: [kCategory.reduction, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Calculates the minimum and maximum red component value for the specified area in an image. The result is returned in the red and green channels of a one pixel image.",
        parameters: [.image(summary: "The image to process."), .reductionExtent()], mac: "10.13", iOS: "11"
    ) { args in
        guard let image = args.image(), let area = args.reductionArea(of: image) else { return nil }
        return image.reducing(ComponentExtremaKernel(area: area, output: .redMinimumAndMaximum))
    }
}
