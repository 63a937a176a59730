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
        let kernel = ClosureKernel(name: "sharpenLuminance", signature: "\(sharpness)", arity: 2, unpremultiplied: true, opaque: { $0[0].isOpaque }) { inputs, _ in
            let p = inputs[0]
            let detail = sharpness * (Luma.of(p) - Luma.of(inputs[1]))
            return SIMD4(p.x + detail, p.y + detail, p.z + detail, p.w)
        }
        return image.applying(kernel, [blurred])
    }
}
