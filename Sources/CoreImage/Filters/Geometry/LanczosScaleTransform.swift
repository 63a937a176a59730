import Foundation

extension FilterCatalog {
    /// CILanczosScaleTransform: Lanczos-3 resampling by `scale` vertically and `scale × aspectRatio`
    /// horizontally (see ``LanczosScale``); the extent is the input's scaled and rounded.
    static let lanczosScaleTransform = FilterDefinition(
        name: "CILanczosScaleTransform", categories: [kCategory.geometryAdjustment, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Produces a high-quality, scaled version of a source image.",
        parameters: [
            .image(),
            .scalar(kCIInputScaleKey, 1, min: 0, sliderMin: 0.05, sliderMax: 1.5, identity: 1, summary: "The scaling factor to use on the image. Values less than 1.0 scale down the images. Values greater than 1.0 scale up the image."),
            .scalar(kCIInputAspectRatioKey, 1, min: 0, sliderMin: 0.5, sliderMax: 2, identity: 1, summary: "The additional horizontal scaling factor to use on the image."),
        ], mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image() else { return nil }
        let scale = args.number(kCIInputScaleKey), aspect = args.number(kCIInputAspectRatioKey)
        guard scale > 0, aspect > 0 else { return .empty }
        if scale == 1 && aspect == 1 { return image }
        return image.applying(area: LanczosScale(scaleX: scale * aspect, scaleY: scale))
    }
}
