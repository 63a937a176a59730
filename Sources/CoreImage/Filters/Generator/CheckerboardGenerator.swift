import Foundation

extension FilterCatalog {
    /// CICheckerboardGenerator: squares `inputWidth` wide from `inputCenter`; a square whose cell indices sum
    /// to an even number is color0, odd ones color1. With sharpness below 1, pixels within (1 − sharpness)/2 of a
    /// square's width from an edge blend linearly toward the two colours' average.
    static let checkerboardGenerator = FilterDefinition(
        name: "CICheckerboardGenerator", categories: [kCategory.generator, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Generates a pattern of squares of alternating colors.",
        parameters: [
            .position(kCIInputCenterKey, 150, 150, summary: "The center of the effect as x and y pixel coordinates."),
            .color("inputColor0", FilterColor(1, 1, 1, 1), summary: "A color to use for the first set of squares."),
            .color("inputColor1", FilterColor(0, 0, 0, 1), summary: "A color to use for the second set of squares."),
            .distance(kCIInputWidthKey, 80, min: 0, sliderMin: 0, sliderMax: 800, summary: "The width of the squares in the pattern."),
            .scalar(kCIInputSharpnessKey, 1, min: 0, max: 1, sliderMin: 0, sliderMax: 1, summary: "The sharpness of the edges in pattern. The smaller the value, the more blurry the pattern. Values range from 0.0 to 1.0."),
        ]
    ) { args in
        let c = args.point(kCIInputCenterKey)
        return .generating(GradientKernel(shape: .checkerboard(center: SIMD2(Float(c.x), Float(c.y)), width: args.float(kCIInputWidthKey), sharpness: args.float(kCIInputSharpnessKey)),
                                          color0: args.color("inputColor0").premultipliedWorking, color1: args.color("inputColor1").premultipliedWorking,
                                          name: "checkerboard"))
    }
}
