import Foundation

extension FilterCatalog {
    /// CIRoundedRectangleStrokeGenerator: the outline of the rounded rectangle of `CIRoundedRectangleGenerator`
    /// (`inputExtent`, corners of `inputRadius`), a line `inputWidth` wide drawn inside the extent, in `inputColor`
    /// over clear. With d the signed distance from the pixel centre to the rounded rectangle (negative inside), the
    /// coverage is clamp(½ − d, 0, 1) − clamp(½ − d − width, 0, 1): the same one-pixel anti-aliasing on both edges
    /// of the line, whose inner edge is the outer one moved inward by the width (inner corners of radius
    /// radius − width, sharp once the width exceeds the radius). The extent is `inputExtent` rounded out to whole
    /// pixels. Apple shows a line inside the extent; the anti-aliasing is the one chosen here.
    static let roundedRectangleStrokeGenerator = FilterDefinition(
        name: "CIRoundedRectangleStrokeGenerator", display: "Rounded Rectangle Stroke Generator",
        categories: [kCategory.generator, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Generates a rounded rectangle stroke image with the specified extent, corner radius, stroke width, and color.",
        parameters: [
            .rectangle(kCIInputExtentKey, [0, 0, 100, 100], summary: "A rectangle that defines the extent of the effect."),
            .distance(kCIInputRadiusKey, 10, min: 0, summary: "The distance from the center of the effect."),
            .color(kCIInputColorKey, FilterColor(1, 1, 1, 1), summary: "A color."),
            .distance(kCIInputWidthKey, 10, min: 0, summary: "The width of the stroke."),
        ],
        mac: "14.0", iOS: "17"
    ) { args in
        let rect = args.rect(kCIInputExtentKey).standardized
        guard !rect.isNull, !rect.isEffectivelyInfinite, rect.width > 0, rect.height > 0 else { return nil }
        let shape = RoundedRectangleKernel(rect: rect, radius: args.number(kCIInputRadiusKey), color: args.color(kCIInputColorKey).premultipliedWorking)
        let width = Float(max(args.number(kCIInputWidthKey), 0))
        let bounds = shape.bounds
        return .generating(ClosureKernel(name: "roundedRectangleStroke", signature: "\(shape.signature) \(width)", arity: 0,
                                         extent: { _ in bounds }) { _, p in
            let d = shape.distance(p)
            let coverage = min(max(0.5 - d, 0), 1) - min(max(0.5 - d - width, 0), 1)
            return shape.color * coverage
        })
    }
}
