import Foundation

extension FilterCatalog {
    /// CIBokehBlur: a lens blur whose kernel is a disc of `inputRadius` (R) with a soft rim and a bright ring. A
    /// tap whose pixel centre lies ρ from the output pixel's weighs [ρ ≤ R] + [ρ ≤ R − softness] +
    /// 2·ringAmount·[R·(1 − ringSize) < ρ ≤ R] (softness = `inputSoftness` pixels, so the outermost band weighs
    /// half; the ring `inputRingSize`·R wide weighs 1 + ringAmount times the inside), and the weights are normalised.
    /// It runs as three uniform disc means (``DiscConvolution``, cost ∝ R) combined per pixel. R is at most 500
    /// (Apple's maximum). Pixels beyond the input are clear, so the extent grows by R (clamp the input first, as on
    /// Apple, to avoid dark edges). Apple publishes the parameters, not the kernel; this one is chosen here.
    static let bokehBlur = FilterDefinition(
        name: "CIBokehBlur", display: "Bokeh Blur", categories: [kCategory.blur, kCategory.video, kCategory.stillImage],
        summary: "Smooths an image using a disc-shaped convolution kernel.",
        parameters: [
            .image(),
            .distance(kCIInputRadiusKey, 20, min: 0, max: 500, sliderMin: 0, sliderMax: 100,
                      summary: "The radius determines how many pixels are used to create the blur. The larger the radius, the blurrier the result."),
            .scalar("inputRingAmount", 0, min: 0, max: 1, sliderMin: 0, sliderMax: 1, summary: "The amount of extra emphasis at the ring of the bokeh."),
            .scalar("inputRingSize", 0.1, min: 0, max: 0.2, sliderMin: 0, sliderMax: 0.2, summary: "The size of extra emphasis at the ring of the bokeh."),
            .scalar("inputSoftness", 1, min: 0, max: 10, sliderMin: 0.25, sliderMax: 0.4, summary: ""),
        ], mac: "10.13", iOS: "11"
    ) { args in
        guard let image = args.image() else { return nil }
        let radius = min(max(args.number(kCIInputRadiusKey), 0), 500)
        guard radius >= 1 else { return image }
        let ring = min(max(args.number("inputRingAmount"), 0), 1)
        let inner = radius * (1 - min(max(args.number("inputRingSize"), 0), 0.2))
        let soft = max(radius - max(args.number("inputSoftness"), 0), 0)
        let outer = DiscConvolution(radius: radius), rim = DiscConvolution(radius: soft), core = DiscConvolution(radius: inner)
        // Sums = means × counts; the result is the weighted sum over the summed weights.
        let a = Float(1 + 2 * ring) * outer.count, b = rim.count, c = Float(2 * ring) * core.count
        let total = a + b - c
        let kernel = ClosureKernel(name: "bokeh", signature: "\(radius) \(ring) \(inner) \(soft)", arity: 3) { inputs, _ in
            (inputs[0] * a + inputs[1] * b - inputs[2] * c) / total
        }
        return image.applying(area: outer).applying(kernel, [image.applying(area: rim), image.applying(area: core)])
    }
}
