import Foundation

extension FilterCatalog {
    /// CIMaskToAlpha: white masked by the luminance: `a = L(unpremultiplied rgb)` (clamped to [0, 1]),
    /// premultiplied result (a, a, a, a).
    static let maskToAlpha = FilterDefinition(
        name: "CIMaskToAlpha", categories: [kCategory.colorEffect, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage],
        summary: "Converts a grayscale image to a white image that is masked by alpha.",
        parameters: [.image()]
    ) { args in
        guard let image = args.image() else { return nil }
        return image.mapping("maskToAlpha", "", opaque: false) { p in
            SIMD4(1, 1, 1, min(max(Luma.of(p), 0), 1))
        }
    }
}
