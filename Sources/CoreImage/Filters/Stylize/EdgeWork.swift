import Foundation

extension FilterCatalog {
    /// CIEdgeWork: a black-and-white woodcut of the image's edges, white cuts on black. The input (its edge pixels
    /// repeated) is blurred with a Gaussian of σ = `inputRadius`/2 (no blur at 0), so a larger radius widens every
    /// edge; its linear Rec. 709 luminance L is traced with a Sobel operator, e = √(gx² + gy²)/4 (a unit step gives
    /// 1), and the cut is hardened to v = smoothstep(0.02, 0.06, e). The output is grey v with the input's alpha
    /// (premultiplied (v·a, v·a, v·a, a)). Apple publishes only the description and the radius; the blur, the
    /// luminance tracing and the 0.02…0.06 ramp are chosen here. The extent is the input's.
    static let edgeWork = FilterDefinition(
        name: "CIEdgeWork", display: "Edge Work", categories: [kCategory.stylize, kCategory.video, kCategory.stillImage],
        summary: "Produces a stylized black-and-white rendition of an image that looks similar to a woodblock cutout.",
        parameters: [
            .image(),
            .distance(kCIInputRadiusKey, 3, min: 0, sliderMin: 0, sliderMax: 20,
                      summary: "The thickness of the edges. The larger the value, the thicker the edges."),
        ], mac: "10.4", iOS: "9"
    ) { args in
        guard let image = args.image() else { return nil }
        let radius = max(args.number(kCIInputRadiusKey), 0)
        let clamped = image.extent.isEffectivelyInfinite ? image : image.clamped(to: image.extent)
        let luminance = GaussianBlur.apply(clamped, sigma: radius / 2).applying(ClosureKernel(name: "edgeWorkLuminance", signature: "", arity: 1) { inputs, _ in
            let l = Luma.of(inputs[0])
            return SIMD4(l, l, l, 1)
        })
        let traced = luminance.applying(area: SobelEdgesKernel(intensity: 1)).cropped(to: image.extent)
        let kernel = ClosureKernel(name: "edgeWork", signature: "", arity: 2, opaque: { $0[1].isOpaque }) { inputs, _ in
            let v = Luma.smoothstep(0.02, 0.06, inputs[0].x), a = inputs[1].w
            return SIMD4(v * a, v * a, v * a, a)
        }
        return traced.applying(kernel, [image])
    }
}
