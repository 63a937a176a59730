internal import CPixelKernels
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
    // Computed, not stored: the kernel stays within an existential's inline buffer, so the renderer's per-span
    // calls copy it without retaining a shared box.
    var name: String { "vignette" }
    var arity: Int { 1 }
    var signature: String { "\(center) \(scale) \(inner) \(outer) \(intensity)" }
    var dependsOnPosition: Bool { true }

    func apply(_ span: PixelSpan) {
        pk_ci_vignette(span.pixels, span.count, span.x, center.x, Float(span.y) + 0.5 - center.y, scale, inner, width, intensity)
    }

    private var width: Float { max(outer - inner, 1e-6) }
}

extension VignetteKernel: FusableKernel {
    func fusedStep(parameters: UnsafeMutablePointer<Float>) -> Int32 {
        (parameters[0], parameters[1], parameters[2], parameters[3], parameters[4], parameters[5]) = (center.x, center.y, scale, inner, width, intensity)
        return Int32(PK_FUSED_VIGNETTE)
    }
}
