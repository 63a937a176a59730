import Foundation

extension FilterCatalog {
    /// CIAffineTransform: `CIImage.transformed(by:)` (bilinear sampling; whole-pixel moves are exact).
    static let affineTransform = FilterDefinition(
        name: "CIAffineTransform", categories: [kCategory.geometryAdjustment, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Applies an affine transform to an image.",
        parameters: [
            .image(),
            FilterParameter(kCIInputTransformKey, .transform, type: "CIAttributeTypeTransform", summary: "A transform to apply to the image.",
                            default: .transform(.identity), identity: .transform(.identity)),
        ]
    ) { args in
        args.image()?.transformed(by: args.transform(kCIInputTransformKey))
    }
}
