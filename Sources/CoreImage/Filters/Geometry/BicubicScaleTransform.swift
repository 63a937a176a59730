import Foundation

extension FilterCatalog {
    /// CIBicubicScaleTransform: separable resampling with the Mitchell–Netravali cubic of `inputB` and `inputC`
    /// (B = 0, C = 0.75 by default; B = 1/3, C = 1/3 is Mitchell's filter, B = 0, C = ½ Catmull–Rom), by `scale`
    /// vertically and `scale × aspectRatio` horizontally (see ``LanczosScale``: the kernel is stretched when
    /// shrinking and its weights normalised); the extent is the input's scaled and rounded, as for
    /// `CILanczosScaleTransform`. Scale 1 and aspect ratio 1 return the input; a scale or ratio ≤ 0 gives an
    /// empty image.
    static let bicubicScaleTransform = FilterDefinition(
        name: "CIBicubicScaleTransform",
        categories: [kCategory.geometryAdjustment, kCategory.video, kCategory.stillImage, kCategory.nonSquarePixels, kCategory.highDynamicRange],
        summary: "Produces a high-quality, scaled version of a source image. The parameters of B and C for this filter determine the sharpness or softness of the resampling. The most commonly used B and C values are 0.0 and 0.75, respectively.",
        parameters: [
            .image(),
            .scalar(kCIInputScaleKey, 1, min: 0, sliderMin: 0.05, sliderMax: 100, identity: 1, summary: "The scaling factor to use on the image. Values less than 1.0 scale down the images. Values greater than 1.0 scale up the image."),
            .scalar(kCIInputAspectRatioKey, 1, min: 0, sliderMin: 0.5, sliderMax: 2, identity: 1, summary: "The additional horizontal scaling factor to use on the image."),
            .scalar("inputB", 0, min: 0, max: 1, sliderMin: 0, sliderMax: 1, summary: "Specifies the value of B to use for the cubic resampling function."),
            .scalar("inputC", 0.75, min: 0, max: 1, sliderMin: 0, sliderMax: 1, summary: "Specifies the value of C to use for the cubic resampling function."),
        ], mac: "10.13", iOS: "11"
    ) { args in
        guard let image = args.image() else { return nil }
        let scale = args.number(kCIInputScaleKey), aspect = args.number(kCIInputAspectRatioKey)
        guard scale > 0, aspect > 0 else { return .empty }
        if scale == 1 && aspect == 1 { return image }
        return image.applying(area: LanczosScale(scaleX: scale * aspect, scaleY: scale, filter: .cubic(b: args.number("inputB"), c: args.number("inputC"))))
    }
}
