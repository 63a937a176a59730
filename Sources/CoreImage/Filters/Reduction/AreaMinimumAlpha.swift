import Foundation

extension FilterCatalog {
    /// CIAreaMinimumAlpha: the premultiplied pixel with the smallest alpha inside `inputExtent` (cut to the image's
    /// extent), as one pixel at the area's origin. Apple does not say which pixel wins a tie; here it is the lowest
    /// row's leftmost one (y up).
    static let areaMinimumAlpha = FilterDefinition(
        name: "CIAreaMinimumAlpha", categories: [kCategory.reduction, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Finds and returns the pixel with the minimum alpha value.",
        parameters: [.image(summary: "The image to process."), .reductionExtent()], mac: "10.5", iOS: "9"
    ) { args in
        guard let image = args.image(), let area = args.reductionArea(of: image) else { return nil }
        return image.reducing(AlphaExtremumKernel(area: area, largest: false))
    }
}
