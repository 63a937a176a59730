import Foundation

extension FilterCatalog {
    /// CISharpenLuminance: detail added to all channels from luminance only,
    /// `rgb + sharpness × (L(image) − L(gaussian(image, σ = radius)))` on unpremultiplied values (clamped edges).
    static let sharpenLuminance = FilterDefinition(
        name: "CISharpenLuminance", categories: [kCategory.sharpen, kCategory.video, kCategory.stillImage],
        summary: "Increases image detail by sharpening.",
        parameters: [
            .image(),
            .scalar(kCIInputSharpnessKey, 0.4, min: 0, sliderMin: 0, sliderMax: 2, identity: 0, summary: "The amount of sharpening to apply. Larger values are sharper."),
            .scalar(kCIInputRadiusKey, 1.69, min: 0, sliderMin: 0, sliderMax: 20, identity: 0, summary: "The distance from the center of the effect."),
        ]
    ) { args in
        guard let image = args.image() else { return nil }
        let sharpness = args.float(kCIInputSharpnessKey)
        let blurred = GaussianBlur.apply(image.clamped(to: image.extent), sigma: args.number(kCIInputRadiusKey)).cropped(to: image.extent)
        return image.applying(SharpenLuminanceKernel(sharpness: sharpness), [blurred])
    }
}

/// Adds `sharpness` × (the pixel's luminance − the blurred image's) to R, G and B: a loop over the span with no
/// per-pixel call, which the compiler vectorises.
struct SharpenLuminanceKernel: PixelKernel {
    let sharpness: Float
    var name: String { "sharpenLuminance" }
    var signature: String { "\(sharpness)" }
    var arity: Int { 2 }
    var wantsUnpremultiplied: Bool { true }
    var dependsOnPosition: Bool { false }

    func apply(_ span: PixelSpan) {
        guard let blurred = span.input1 else { return }
        let p = span.pixels, s = sharpness
        for i in 0..<span.count {
            let o = i * 4
            let detail = s * (Luma.of(UnsafePointer(p + o)) - Luma.of(blurred + o))
            p[o] += detail
            p[o + 1] += detail
            p[o + 2] += detail
        }
    }
}
