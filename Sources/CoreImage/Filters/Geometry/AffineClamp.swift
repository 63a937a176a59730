import Foundation

extension FilterCatalog {
    /// CIAffineClamp: the edge pixels repeated outward to infinity, then the transform applied.
    static let affineClamp = FilterDefinition(
        name: "CIAffineClamp", categories: [kCategory.tileEffect, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Performs an affine transformation on a source image and then clamps the pixels at the edge of the transformed image, extending them outwards.",
        parameters: [
            .image(),
            FilterParameter(kCIInputTransformKey, .transform, type: "CIAttributeTypeTransform", summary: "The transform to apply to the image.",
                            default: .transform(.identity), identity: .transform(.identity)),
        ], mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image() else { return nil }
        return image.clamped(to: image.extent).transformed(by: args.transform(kCIInputTransformKey))
    }
}
