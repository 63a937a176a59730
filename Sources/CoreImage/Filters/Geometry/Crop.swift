import Foundation

extension FilterCatalog {
    /// CICrop: `CIImage.cropped(to:)`: clear outside the rectangle.
    static let crop = FilterDefinition(
        name: "CICrop", categories: [kCategory.geometryAdjustment, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Applies a crop to an image.",
        parameters: [
            .image(),
            .rectangle("inputRectangle", [-Double.greatestFiniteMagnitude / 2, -Double.greatestFiniteMagnitude / 2, Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude],
                       summary: "The rectangle that specifies the crop to apply to the image."),
        ]
    ) { args in
        args.image()?.cropped(to: args.rect("inputRectangle"))
    }
}
