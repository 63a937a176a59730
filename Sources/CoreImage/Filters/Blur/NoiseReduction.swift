import Foundation

extension FilterCatalog {
    /// CINoiseReduction: with B a Gaussian blur (σ = 1, edges clamped) and D = image − B, detail is kept where its
    /// luminance change is above the noise level: `B + D × smoothstep(noise, 2 × noise, |L(D)|) × (1 + sharpness)`.
    static let noiseReduction = FilterDefinition(
        name: "CINoiseReduction", categories: [kCategory.blur, kCategory.video, kCategory.stillImage],
        summary: "Reduces noise using a threshold value to define what is considered noise.",
        parameters: [
            .image(),
            .scalar("inputNoiseLevel", 0.02, min: 0, sliderMin: 0, sliderMax: 0.1, identity: 0, summary: "The amount of noise reduction. The larger the number, the more noise reduction."),
            .scalar(kCIInputSharpnessKey, 0.4, min: 0, sliderMin: 0, sliderMax: 2, identity: 0, summary: "The sharpness of the final image. The larger the number, the sharper the result."),
        ], mac: "10.4", iOS: "9"
    ) { args in
        guard let image = args.image() else { return nil }
        let noise = args.float("inputNoiseLevel"), sharpness = args.float(kCIInputSharpnessKey)
        let blurred = GaussianBlur.apply(image.clamped(to: image.extent), sigma: 1).cropped(to: image.extent)
        let kernel = ClosureKernel(name: "noiseReduction", signature: "\(noise) \(sharpness)", arity: 2, opaque: { $0[0].isOpaque }) { inputs, _ in
            let p = inputs[0], b = inputs[1]
            let d = p - b
            let keep = noise > 0 ? Luma.smoothstep(noise, 2 * noise, abs(Luma.of(d))) : 1
            return b + d * (keep * (1 + sharpness))
        }
        return image.applying(kernel, [blurred])
    }
}
