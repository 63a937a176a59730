import Foundation

extension FilterCatalog {
    /// CIColumnAverage: for each column of `inputExtent`, the mean of the input's premultiplied pixels in
    /// that column (pixels outside the image count as clear): an image one pixel high and as wide as the
    /// extent, at the extent's origin. An empty or infinite extent gives no output.
    static let columnAverage = FilterDefinition(
        name: "CIColumnAverage", display: "Column Average", categories: [kCategory.reduction, kCategory.video, kCategory.stillImage],
        summary: "Calculates the average color for each column of the specified area in an image, returning the result in a 1D image.",
        parameters: [.image(), .rectangle(kCIInputExtentKey, [0, 0, 640, 80], summary: "A rectangle that specifies the subregion of the image that you want to process.")],
        mac: "10.5", iOS: "9"
    ) { args in
        guard let image = args.image() else { return nil }
        let area = PixelRect(covering: args.rect(kCIInputExtentKey))
        guard !area.isEmpty, !area.isInfinite else { return nil }
        return image.reducing(LineAverageKernel(area: area, rows: false))
    }
}
