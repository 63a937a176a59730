import Foundation

extension FilterCatalog {
    /// CIRedEyeCorrection (Apple's is private, returned only by `autoAdjustmentFilters`; this one is documented):
    /// within `inputRadius` of either eye position, pixels whose sRGB-encoded red stands out — redness
    /// ρ = (R − max(G, B)) / R — are desaturated towards m = (G + B) / 2 and darkened:
    /// with w = smoothstep(0.35, 0.55, ρ) × (1 − smoothstep(0.7 r, r, d)), d the distance to the nearer eye,
    /// `R' = R − w (R − m)`, then `rgb' × (1 − 0.3 w)`, in sRGB-encoded values. Skin (ρ ≈ 0.2…0.3) and every pixel
    /// farther than the radius are unchanged; a radius that is not a positive finite number returns the input.
    static let redEyeCorrection = FilterDefinition(
        name: "CIRedEyeCorrection", categories: [kCategory.colorAdjustment, kCategory.stillImage],
        summary: "Repairs red eyes caused by a camera flash around the given eye positions.",
        parameters: [
            .image(),
            .position("inputLeftEyePosition", 0, 0, summary: "The centre of the observer's left eye."),
            .position("inputRightEyePosition", 0, 0, summary: "The centre of the observer's right eye."),
            .distance(kCIInputRadiusKey, 10, min: 0, sliderMin: 0, sliderMax: 50, summary: "How far from each eye's centre pixels are corrected."),
        ], mac: "10.8", iOS: "5"
    ) { args in
        guard let image = args.image() else { return nil }
        let left = args.point("inputLeftEyePosition"), right = args.point("inputRightEyePosition")
        let radius = Float(args.number(kCIInputRadiusKey))
        guard radius > 0, radius.isFinite else { return image }
        let eyes = [SIMD2(Float(left.x), Float(left.y)), SIMD2(Float(right.x), Float(right.y))]
        let kernel = ClosureKernel(name: "redEyeCorrection", signature: "\(left) \(right) \(radius)", arity: 1, unpremultiplied: true,
                                   opaque: { $0[0].isOpaque }) { inputs, position in
            let p = inputs[0]
            let d = min(((position - eyes[0]) * (position - eyes[0])).sum(), ((position - eyes[1]) * (position - eyes[1])).sum()).squareRoot()
            guard d < radius else { return p }
            let r = Luma.encode(p.x), g = Luma.encode(p.y), b = Luma.encode(p.z)
            let redness: Float = r > 1e-4 ? (r - max(g, b)) / r : 0
            let w = Luma.smoothstep(0.35, 0.55, redness) * (1 - Luma.smoothstep(0.7 * radius, radius, d))
            guard w > 0 else { return p }
            let dark = 1 - 0.3 * w
            let red = (r - w * (r - (g + b) / 2)) * dark
            return SIMD4(Luma.decode(red), Luma.decode(g * dark), Luma.decode(b * dark), p.w)
        }
        return image.applying(kernel, [])
    }
}
