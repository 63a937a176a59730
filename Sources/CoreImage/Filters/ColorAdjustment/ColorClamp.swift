import Foundation

extension FilterCatalog {
    /// CIColorClamp: each unpremultiplied component clamped to [min, max].
    static let colorClamp = FilterDefinition(
        name: "CIColorClamp", categories: [kCategory.colorAdjustment, kCategory.video, kCategory.stillImage, kCategory.interlaced, kCategory.nonSquarePixels],
        summary: "Modifies color values to keep them within a specified range.",
        parameters: [
            .image(),
            .vector("inputMinComponents", [0, 0, 0, 0], type: "CIAttributeTypeRectangle", summary: "Lower clamping values."),
            .vector("inputMaxComponents", [1, 1, 1, 1], type: "CIAttributeTypeRectangle", summary: "Higher clamping values."),
        ], mac: "10.9", iOS: "7"
    ) { args in
        guard let image = args.image() else { return nil }
        func v(_ key: String, _ fallback: Float) -> SIMD4<Float> {
            let values = args.vector(key).map(Float.init) + [fallback, fallback, fallback, fallback]
            return SIMD4(values[0], values[1], values[2], values[3])
        }
        return image.applying(operationsKernel("colorClamp", [.clamp(v("inputMinComponents", 0), v("inputMaxComponents", 1))]))
    }
}
