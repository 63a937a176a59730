import Foundation

extension FilterCatalog {
    /// CIColorThreshold: each unpremultiplied colour component becomes 1 when it is greater than
    /// `inputThreshold` and 0 otherwise (Apple's documented rule), alpha unchanged. Components are compared in
    /// the working space (linear), so a threshold of 0.5 splits at linear 0.5 (sRGB ≈ 0.735).
    static let colorThreshold = FilterDefinition(
        name: "CIColorThreshold", display: "Color Threshold",
        categories: [kCategory.colorAdjustment, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage],
        summary: "Produces a binarized image from an image and a threshold value.",
        parameters: [
            .image(),
            .scalar("inputThreshold", 0.5, sliderMin: 0, sliderMax: 1, summary: "The threshold value that governs if the RGB channels of the resulting image will be zero or one."),
        ], mac: "11.0", iOS: "14"
    ) { args in
        guard let image = args.image() else { return nil }
        let t = args.float("inputThreshold")
        return image.mapping("colorThreshold", "\(t)") { p in
            SIMD4(p.x > t ? 1 : 0, p.y > t ? 1 : 0, p.z > t ? 1 : 0, p.w)
        }
    }
}
