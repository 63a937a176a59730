import Foundation

extension FilterCatalog {
    /// CIAreaAverageMaximumRed: the mean (in red) and maximum (in green) of the premultiplied red component inside
    /// `inputExtent` (cut to the image's extent), as one pixel at the area's origin. Apple names only the red and
    /// green components; here blue is 0 and alpha 1. New in the 2025 releases: the availability attributes give the
    /// releases' names (26); an iOS 26.5 simulator reports Core Image's internal "19", and no macOS value is published.
    static let areaAverageMaximumRed = FilterDefinition(
        name: "CIAreaAverageMaximumRed", display: "Area Average and Maximum Red",
        categories: [kCategory.reduction, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Calculates the average and maximum red component value for the specified area in an image. The result is returned in the red and green channels of a one pixel image.",
        parameters: [.image(summary: "The image to process."), .reductionExtent()], mac: "26", iOS: "26"
    ) { args in
        guard let image = args.image(), let area = args.reductionArea(of: image) else { return nil }
        return image.reducing(ComponentExtremaKernel(area: area, output: .redAverageAndMaximum))
    }
}
