import Foundation

extension FilterCatalog {
    /// CISmoothLinearGradient: CILinearGradient with t passed through smoothstep, t² (3 − 2t).
    static let smoothLinearGradient = FilterDefinition(
        name: "CISmoothLinearGradient", categories: [kCategory.gradient, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Generates a gradient that blends colors along a linear axis between two defined endpoints.",
        parameters: [
            .position("inputPoint0", 0, 0, summary: "The starting position of the gradient -- where the first color begins."),
            .position("inputPoint1", 200, 200, summary: "The ending position of the gradient -- where the second color begins."),
            .color("inputColor0", FilterColor(1, 1, 1, 1), summary: "The first color to use in the gradient."),
            .color("inputColor1", FilterColor(0, 0, 0, 1), summary: "The second color to use in the gradient."),
        ], mac: "10.10", iOS: "8"
    ) { args in
        let p0 = args.point("inputPoint0"), p1 = args.point("inputPoint1")
        return .generating(GradientKernel(shape: .linear(p0: SIMD2(Float(p0.x), Float(p0.y)), p1: SIMD2(Float(p1.x), Float(p1.y)), smooth: true),
                                          color0: args.color("inputColor0").premultipliedWorking, color1: args.color("inputColor1").premultipliedWorking,
                                          name: "smoothLinearGradient"))
    }
}
