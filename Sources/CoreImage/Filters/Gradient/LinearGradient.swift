import Foundation

extension FilterCatalog {
    /// CILinearGradient: t = the projection of the pixel onto point0 → point1 (0 at point0, 1 at point1,
    /// clamped) and the colour `mix(color0, color1, t)`. Infinite extent.
    static let linearGradient = FilterDefinition(
        name: "CILinearGradient", categories: [kCategory.gradient, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Generates a gradient that varies along a linear axis between two defined endpoints.",
        parameters: [
            .position("inputPoint0", 0, 0, summary: "The starting position of the gradient -- where the first color begins."),
            .position("inputPoint1", 200, 200, summary: "The ending position of the gradient -- where the second color begins."),
            .color("inputColor0", FilterColor(1, 1, 1, 1), summary: "The first color to use in the gradient."),
            .color("inputColor1", FilterColor(0, 0, 0, 1), summary: "The second color to use in the gradient."),
        ]
    ) { args in
        let p0 = args.point("inputPoint0"), p1 = args.point("inputPoint1")
        return .generating(GradientKernel(shape: .linear(p0: SIMD2(Float(p0.x), Float(p0.y)), p1: SIMD2(Float(p1.x), Float(p1.y)), smooth: false),
                                          color0: args.color("inputColor0").premultipliedWorking, color1: args.color("inputColor1").premultipliedWorking,
                                          name: "linearGradient"))
    }
}
