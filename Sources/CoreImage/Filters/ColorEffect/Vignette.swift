import Foundation

extension FilterCatalog {
    /// CIVignette. With c the extent's centre, R half its diagonal and ρ = |p − c| / R for pixel centre p:
    /// `rgb × (1 − intensity × smoothstep(1 − radius/2, 1, ρ))` (alpha unchanged; negative intensity
    /// brightens). Apple publishes no formula; this one darkens the corners more as radius or intensity grow.
    static let vignette = FilterDefinition(
        name: "CIVignette", categories: [kCategory.colorEffect, kCategory.video, kCategory.interlaced, kCategory.stillImage],
        summary: "Applies a vignette shading to the corners of an image.",
        parameters: [
            .image(),
            .scalar(kCIInputIntensityKey, 0, min: -1, max: 1, sliderMin: -1, sliderMax: 1, identity: 0, summary: "The intensity of the effect."),
            .scalar(kCIInputRadiusKey, 1, min: 0, max: 2, sliderMin: 0, sliderMax: 2, summary: "The distance from the center of the effect."),
        ]
    ) { args in
        guard let image = args.image() else { return nil }
        let e = image.extent
        guard !e.isNull, !e.isEffectivelyInfinite else { return image }
        let radius = args.number(kCIInputRadiusKey)
        let kernel = VignetteKernel(center: SIMD2(Float(e.midX), Float(e.midY)), scale: Float(2 / (e.width * e.width + e.height * e.height).squareRoot()),
                                    inner: Float(min(1 - radius / 2, 0.999)), outer: 1, intensity: args.float(kCIInputIntensityKey))
        return image.applying(kernel)
    }
}

/// `rgb × (1 − intensity × smoothstep(inner, outer, |p − center| × scale))`, alpha unchanged.
/// Multiplies premultiplied colour directly (a scale commutes with premultiplication).
struct VignetteKernel: PixelKernel {
    let center: SIMD2<Float>
    let scale: Float
    let inner: Float
    let outer: Float
    let intensity: Float
    let name = "vignette"
    let arity = 1
    var signature: String { "\(center) \(scale) \(inner) \(outer) \(intensity)" }
    var dependsOnPosition: Bool { true }

    func apply(_ span: PixelSpan) {
        let dy = Float(span.y) + 0.5 - center.y
        let dy2 = SIMD8<Float>(repeating: dy * dy)
        let width = max(outer - inner, 1e-6)
        let lanes = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
        var i = 0
        // Eight pixels at a time (compare-and-select clamps, no per-pixel calls), then the rest one by one.
        while i + 8 <= span.count {
            let dx = lanes + SIMD8(repeating: Float(span.x + i) + 0.5 - center.x)
            var t = ((dx * dx + dy2).squareRoot() * scale - SIMD8(repeating: inner)) / SIMD8(repeating: width)
            t.replace(with: 0, where: t .< 0)
            t.replace(with: 1, where: t .> 1)
            let factor = 1 - intensity * (t * t * (3 - 2 * t))
            let p = span.pixels + i * 4
            for k in 0..<8 { p[k * 4] *= factor[k]; p[k * 4 + 1] *= factor[k]; p[k * 4 + 2] *= factor[k] }
            i += 8
        }
        while i < span.count {
            let dx = Float(span.x + i) + 0.5 - center.x
            let rho = (dx * dx + dy * dy).squareRoot() * scale
            let t = min(max((rho - inner) / width, 0), 1)
            let factor = 1 - intensity * (t * t * (3 - 2 * t))
            let p = span.pixels + i * 4
            p[0] *= factor; p[1] *= factor; p[2] *= factor
            i += 1
        }
    }
}
