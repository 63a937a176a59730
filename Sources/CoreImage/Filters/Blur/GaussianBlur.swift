import Foundation

extension FilterCatalog {
    /// CIGaussianBlur: a separable Gaussian with standard deviation `inputRadius`, cut at 3σ; the extent
    /// grows by 3σ on every side (clamp the input to its extent first to avoid dark edges, as on Apple).
    static let gaussianBlur = FilterDefinition(
        name: "CIGaussianBlur", categories: [kCategory.blur, kCategory.stillImage, kCategory.video, kCategory.highDynamicRange],
        summary: "Spreads source pixels by an amount specified by a Gaussian distribution.",
        parameters: [
            .image(),
            .distance(kCIInputRadiusKey, 10, min: 0, sliderMin: 0, sliderMax: 100, identity: 0, summary: "The radius determines how many pixels are used to create the blur. The larger the radius, the blurrier the result."),
        ]
    ) { args in
        guard let image = args.image() else { return nil }
        return GaussianBlur.apply(image, sigma: args.number(kCIInputRadiusKey))
    }
}

/// Gaussian blurring shared by the filters that need it (unsharp mask, bloom, noise reduction…).
/// σ is capped at 1000 pixels (a 6001-tap kernel) so absurd radii cannot exhaust memory.
enum GaussianBlur {
    static let maximumSigma = 1000.0

    static func apply(_ image: Image, sigma requested: Double) -> Image {
        let sigma = min(requested, maximumSigma)
        guard sigma > 0.01 else { return image }
        let weights = SeparableConvolution.gaussianWeights(sigma: sigma)
        return image.applying(area: SeparableConvolution(name: "gaussianBlur", signature: "σ=\(sigma)", horizontal: weights, vertical: weights))
    }
}
