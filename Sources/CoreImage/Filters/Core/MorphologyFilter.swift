import Foundation

extension FilterCatalog {
    /// The attributes shared by the morphology filters (Apple files them under Blur).
    static let morphologyCategories = [kCategory.blur, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange]

    /// A circular `CIMorphologyMaximum`/`Minimum` definition over ``Morphology/disc(_:radius:)``: the element is
    /// the pixels whose centres lie within `inputRadius` of the output pixel's centre; a radius below 1 (negative
    /// included) is the identity.
    static func morphologyDisc(_ name: String, _ operation: Morphology.Operation, summary: String) -> FilterDefinition {
        FilterDefinition(
            name: name, categories: morphologyCategories, summary: summary,
            parameters: [
                .image(),
                .distance(kCIInputRadiusKey, 0, min: nil, sliderMin: 0, sliderMax: 50, identity: 0,
                          summary: "The desired radius of the circular morphological operation to the image."),
            ],
            mac: "10.13", iOS: "11"
        ) { args in
            guard let image = args.image() else { return nil }
            let radius = min(args.number(kCIInputRadiusKey), 1000)
            return radius < 1 ? image : image.applying(area: Morphology.disc(operation, radius: radius))
        }
    }

    /// A `CIMorphologyRectangleMaximum`/`Minimum` definition: `inputWidth` × `inputHeight`, each rounded to the
    /// nearest odd integer (w → 2·round((w − 1)/2) + 1, halves away from zero: 4 → 5, 6 → 7), at least 1.
    static func morphologyRectangle(_ name: String, _ operation: Morphology.Operation, summary: String) -> FilterDefinition {
        FilterDefinition(
            name: name, categories: morphologyCategories, summary: summary,
            parameters: [
                .image(),
                .scalar(kCIInputWidthKey, 5, type: "CIAttributeTypeInteger", min: 1,
                        summary: "The width in pixels of the morphological operation. The value will be rounded to the nearest odd integer."),
                .scalar("inputHeight", 5, type: "CIAttributeTypeInteger", min: 1,
                        summary: "The height in pixels of the morphological operation. The value will be rounded to the nearest odd integer."),
            ],
            mac: "10.15", iOS: "13"
        ) { args in
            guard let image = args.image() else { return nil }
            func half(_ key: String) -> Int { Int(((min(args.number(key), 2001) - 1) / 2).rounded(.toNearestOrAwayFromZero)) }
            let hx = max(half(kCIInputWidthKey), 0), hy = max(half("inputHeight"), 0)
            return hx == 0 && hy == 0 ? image : image.applying(area: Morphology.rectangle(operation, halfWidth: hx, halfHeight: hy))
        }
    }
}
