import Foundation

extension FilterCatalog {
    /// CIColorPosterize: each sRGB-encoded (perceptual) component becomes `floor(v × levels + 0.5) / levels`.
    static let colorPosterize = FilterDefinition(
        name: "CIColorPosterize", categories: [kCategory.colorEffect, kCategory.video, kCategory.stillImage, kCategory.interlaced, kCategory.nonSquarePixels],
        summary: "Remaps red, green, and blue color components to the number of brightness values you specify for each color component.",
        parameters: [.image(), .scalar("inputLevels", 6, min: 1, sliderMin: 2, sliderMax: 30, identity: 300, summary: "The number of brightness levels to use for each color component.")]
    ) { args in
        guard let image = args.image() else { return nil }
        let levels = Float(max(args.number("inputLevels"), 1))
        return image.mapping("posterize", "\(levels)") { p in
            func step(_ v: Float) -> Float { Luma.decode((Luma.encode(v) * levels + 0.5).rounded(.down) / levels) }
            return SIMD4(step(p.x), step(p.y), step(p.z), p.w)
        }
    }
}
