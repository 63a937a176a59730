import Foundation

extension FilterCatalog {
    /// CIGaussianGradient: with d the distance from `inputCenter` and σ = `inputRadius`/3, the weight
    /// g = exp(−d²/(2σ²)) gives `color1 + (color0 − color1)·g` (premultiplied, linear in the working space):
    /// color0 at the centre, within about 1 % of color1 at the radius. Apple publishes only "a Gaussian
    /// distribution" of the given radius; σ = radius/3 is the choice made here. A radius of 0 gives color1
    /// everywhere except exactly at the centre. Infinite extent.
    static let gaussianGradient = FilterDefinition(
        name: "CIGaussianGradient", display: "Gaussian Gradient", categories: [kCategory.gradient, kCategory.video, kCategory.stillImage],
        summary: "Generates a gradient that varies from one color to another using a Gaussian distribution.",
        parameters: [
            .position(kCIInputCenterKey, 150, 150, summary: "The center of the effect as x and y coordinates."),
            .color("inputColor0", FilterColor(1, 1, 1, 1), summary: "The first color to use in the gradient."),
            .color("inputColor1", FilterColor(0, 0, 0, 0), summary: "The second color to use in the gradient."),
            .distance(kCIInputRadiusKey, 300, min: 0, sliderMin: 0, sliderMax: 800, summary: "The radius of the Gaussian distribution."),
        ], mac: "10.10", iOS: "5"
    ) { args in
        let c = args.point(kCIInputCenterKey)
        let centre = SIMD2(Float(c.x), Float(c.y))
        let c0 = args.color("inputColor0").premultipliedWorking, c1 = args.color("inputColor1").premultipliedWorking
        let sigma = args.float(kCIInputRadiusKey) / 3
        let scale: Float = sigma > 0 ? 1 / (2 * sigma * sigma) : .infinity
        let kernel = ClosureKernel(name: "gaussianGradient", signature: "\(centre) \(scale) \(c0) \(c1)", arity: 0, extent: { _ in .infinite },
                                   opaque: { _ in c0.w == 1 && c1.w == 1 }) { _, p in
            let r = p - centre
            let d2 = (r * r).sum()
            let g = d2 == 0 ? 1 : exp(-d2 * scale)
            return c1 + (c0 - c1) * g
        }
        return .generating(kernel)
    }
}
