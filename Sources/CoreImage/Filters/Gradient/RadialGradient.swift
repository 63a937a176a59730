import Foundation

extension FilterCatalog {
    /// CIRadialGradient: with d the distance from `inputCenter`, t = clamp((d − radius0) / (radius1 − radius0), 0, 1)
    /// and the colour `mix(color0, color1, t)` (linear in the working space). Infinite extent.
    static let radialGradient = FilterDefinition(
        name: "CIRadialGradient", categories: [kCategory.gradient, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Generates a gradient that varies radially between two circles having the same center.",
        parameters: [
            .position(kCIInputCenterKey, 150, 150, summary: "The center of the effect as x and y pixel coordinates."),
            .distance("inputRadius0", 5, min: 0, sliderMin: 0, sliderMax: 800, summary: "The radius of the starting circle to use in the gradient."),
            .distance("inputRadius1", 100, min: 0, sliderMin: 0, sliderMax: 800, summary: "The radius of the ending circle to use in the gradient."),
            .color("inputColor0", FilterColor(1, 1, 1, 1), summary: "The first color to use in the gradient."),
            .color("inputColor1", FilterColor(0, 0, 0, 1), summary: "The second color to use in the gradient."),
        ]
    ) { args in
        let c = args.point(kCIInputCenterKey)
        return .generating(GradientKernel(shape: .radial(center: SIMD2(Float(c.x), Float(c.y)), r0: args.float("inputRadius0"), r1: args.float("inputRadius1")),
                                          color0: args.color("inputColor0").premultipliedWorking, color1: args.color("inputColor1").premultipliedWorking,
                                          name: "radialGradient"))
    }
}
