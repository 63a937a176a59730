import Foundation

extension FilterCatalog {
    /// CIStripesGenerator: vertical stripes `inputWidth` wide starting at `inputCenter.x`; stripe k = ⌊(x − cx)/w⌋
    /// is color0 for even k (the first, third… stripe: Apple's "odd stripes") and color1 for odd k. With sharpness
    /// below 1, pixels within (1 − sharpness)/2 of a stripe's width from an edge blend linearly toward the two
    /// colours' average (the checkerboard's rule along x). Infinite extent: crop before rendering.
    static let stripesGenerator = FilterDefinition(
        name: "CIStripesGenerator", display: "Stripes",
        categories: [kCategory.generator, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Generates a stripe pattern. You can control the color of the stripes, the spacing, and the contrast.",
        parameters: [
            .position(kCIInputCenterKey, 150, 150, summary: "The center of the effect as x and y pixel coordinates."),
            .color("inputColor0", FilterColor(1, 1, 1, 1), summary: "A color to use for the odd stripes."),
            .color("inputColor1", FilterColor(0, 0, 0, 1), summary: "A color to use for the even stripes."),
            .distance(kCIInputWidthKey, 80, min: nil, sliderMin: 0, sliderMax: 800, summary: "The width of a stripe."),
            .scalar(kCIInputSharpnessKey, 1, min: 0, max: 1, sliderMin: 0, sliderMax: 1,
                    summary: "The sharpness of the stripe pattern. The smaller the value, the more blurry the pattern. Values range from 0.0 to 1.0."),
        ]
    ) { args in
        .generating(GradientKernel(shape: .stripes(centerX: Float(args.point(kCIInputCenterKey).x), width: args.float(kCIInputWidthKey),
                                                   sharpness: args.float(kCIInputSharpnessKey)),
                                   color0: args.color("inputColor0").premultipliedWorking, color1: args.color("inputColor1").premultipliedWorking,
                                   name: "stripes"))
    }
}
