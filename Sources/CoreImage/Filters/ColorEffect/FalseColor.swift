import Foundation

extension FilterCatalog {
    /// CIFalseColor: with L the Rec. 709 luminance of the unpremultiplied pixel, `mix(color0, color1, L)`
    /// (colours in the working space), alpha from the input times the mixed colour's alpha.
    static let falseColor = FilterDefinition(
        name: "CIFalseColor", categories: [kCategory.colorEffect, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage],
        summary: "Maps luminance to a color ramp of two colors.",
        parameters: [
            .image(),
            .color("inputColor0", FilterColor(0.3, 0, 0, 1), summary: "The first color to use for the color ramp."),
            .color("inputColor1", FilterColor(1, 0.9, 0.8, 1), summary: "The second color to use for the color ramp."),
        ]
    ) { args in
        guard let image = args.image() else { return nil }
        let c0 = args.color("inputColor0").premultipliedWorking, c1 = args.color("inputColor1").premultipliedWorking
        let u0 = SIMD4(c0.x / max(c0.w, 1e-6), c0.y / max(c0.w, 1e-6), c0.z / max(c0.w, 1e-6), c0.w)
        let u1 = SIMD4(c1.x / max(c1.w, 1e-6), c1.y / max(c1.w, 1e-6), c1.z / max(c1.w, 1e-6), c1.w)
        return image.mapping("falseColor", "\(u0)\(u1)", opaque: image.isOpaque && c0.w == 1 && c1.w == 1) { p in
            let l = min(max(Luma.of(p), 0), 1)
            let c = u0 + (u1 - u0) * l
            return SIMD4(c.x, c.y, c.z, c.w * p.w)
        }
    }
}
