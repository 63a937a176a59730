import Foundation

extension FilterCatalog {
    /// CIBloom: with b a Gaussian blur of the input (σ = `inputRadius`, edges clamped), the input a is mixed
    /// toward the screen of a and b by `inputIntensity`: `a + intensity·(b − a·b)` on premultiplied components
    /// (alpha included), so bright surroundings glow into darker areas and nothing gets darker. Apple
    /// describes the effect ("softens edges and applies a pleasant glow"), not the formula; this is the one
    /// chosen here. The extent is the input's.
    static let bloom = FilterDefinition(
        name: "CIBloom", display: "Bloom", categories: [kCategory.stylize, kCategory.video, kCategory.stillImage],
        summary: "Softens edges and applies a pleasant glow to an image.",
        parameters: Glow.parameters, mac: "10.4", iOS: "6"
    ) { args in
        Glow.apply(args, name: "bloom") { a, b, intensity in a + (b - a * b) * intensity }
    }
}

/// The blur-and-blend shared by `CIBloom` and `CIGloom`.
enum Glow {
    static let parameters: [FilterParameter] = [
        .image(),
        .distance(kCIInputRadiusKey, 10, min: 0, sliderMin: 0, sliderMax: 100, identity: 0,
                  summary: "The radius determines how many pixels are used to create the effect. The larger the radius, the greater the effect."),
        .scalar(kCIInputIntensityKey, 0.5, min: 0, sliderMin: 0, sliderMax: 1, identity: 0,
                summary: "The intensity of the effect. A value of 0.0 is no effect. A value of 1.0 is the maximum effect."),
    ]

    /// `blend(input, blurred, intensity)` per pixel over the input's extent.
    static func apply(_ args: FilterArguments, name: String,
                      blend: @escaping @Sendable (SIMD4<Float>, SIMD4<Float>, Float) -> SIMD4<Float>) -> Image? {
        guard let image = args.image() else { return nil }
        let intensity = args.float(kCIInputIntensityKey)
        let source = image.extent.isEffectivelyInfinite ? image : image.clamped(to: image.extent)
        let blurred = GaussianBlur.apply(source, sigma: args.number(kCIInputRadiusKey)).cropped(to: image.extent)
        let kernel = ClosureKernel(name: name, signature: "\(intensity)", arity: 2, opaque: { $0[0].isOpaque }) { inputs, _ in
            blend(inputs[0], inputs[1], intensity)
        }
        return image.applying(kernel, [blurred])
    }
}
