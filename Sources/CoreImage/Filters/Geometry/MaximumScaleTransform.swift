import Foundation

extension FilterCatalog {
    /// CIMaximumScaleTransform: scales by `scale` vertically and `scale × aspectRatio` horizontally, each output
    /// pixel taking per component the maximum of the input pixels its footprint [x/sx, (x + 1)/sx) ×
    /// [y/sy, (y + 1)/sy) overlaps (see ``LanczosScale``), so thin bright lines survive shrinking; the extent is
    /// the input's scaled and rounded. Scale 1 and aspect ratio 1 return the input; a scale or ratio ≤ 0 gives an
    /// empty image.
    static let maximumScaleTransform = FilterDefinition(
        name: "CIMaximumScaleTransform",
        categories: [kCategory.geometryAdjustment, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Produces a scaled version of a source image that uses the maximum of neighboring pixels instead of linear averaging.",
        parameters: [
            .image(),
            .scalar(kCIInputScaleKey, 1, min: 0, sliderMin: 0.05, sliderMax: 1.5, summary: "The scaling factor to use on the image. Values less than 1.0 scale down the images. Values greater than 1.0 scale up the image."),
            .scalar(kCIInputAspectRatioKey, 1, min: 0, sliderMin: 0.5, sliderMax: 2, summary: "The additional horizontal scaling factor to use on the image."),
        ], mac: "15.0", iOS: "18"
    ) { args in
        guard let image = args.image() else { return nil }
        let scale = args.number(kCIInputScaleKey), aspect = args.number(kCIInputAspectRatioKey)
        guard scale > 0, aspect > 0 else { return .empty }
        if scale == 1 && aspect == 1 { return image }
        return image.applying(area: LanczosScale(scaleX: scale * aspect, scaleY: scale, filter: .maximum))
    }
}
