import Foundation

extension FilterCatalog {
    /// CIRoundedRectangleGenerator: `inputColor` inside the rectangle `inputExtent` with corners of `inputRadius`
    /// (at most half the shorter side), transparent outside. Edges are anti-aliased over one pixel: coverage =
    /// clamp(½ − d, 0, 1), d the signed distance from the pixel centre to the rounded rectangle. The output's
    /// extent is `inputExtent` (rounded out to whole pixels).
    static let roundedRectangleGenerator = FilterDefinition(
        name: "CIRoundedRectangleGenerator", display: "Rounded Rectangle Generator",
        categories: [kCategory.generator, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Generates a rounded rectangle image with the specified extent, corner radius, and color.",
        parameters: [
            .rectangle(kCIInputExtentKey, [0, 0, 100, 100], summary: "A rectangle that defines the extent of the effect."),
            .distance(kCIInputRadiusKey, 10, min: 0, summary: "The distance from the center of the effect."),
            .color(kCIInputColorKey, FilterColor(1, 1, 1, 1), summary: "A color."),
        ],
        mac: "10.15", iOS: "13"
    ) { args in
        let rect = args.rect(kCIInputExtentKey).standardized
        guard !rect.isNull, !rect.isEffectivelyInfinite, rect.width > 0, rect.height > 0 else { return nil }
        return .generating(RoundedRectangleKernel(rect: rect, radius: args.number(kCIInputRadiusKey),
                                                  color: args.color(kCIInputColorKey).premultipliedWorking))
    }
}

/// A rounded rectangle's coverage times a premultiplied colour.
struct RoundedRectangleKernel: PixelKernel {
    let center: SIMD2<Float>
    let halfSize: SIMD2<Float>
    let radius: Float
    let color: SIMD4<Float>
    let bounds: CGRect
    let name = "roundedRectangle"
    let arity = 0
    var signature: String { "\(center) \(halfSize) \(radius) \(color)" }

    init(rect: CGRect, radius: Double, color: SIMD4<Float>) {
        center = SIMD2(Float(rect.midX), Float(rect.midY))
        halfSize = SIMD2(Float(rect.width / 2), Float(rect.height / 2))
        self.radius = Float(min(max(radius, 0), Double(min(rect.width, rect.height)) / 2))
        self.color = color
        bounds = PixelRect(covering: rect).cgRect
    }

    func extent(of inputs: [Image]) -> CGRect { bounds }
    func isOpaque(inputs: [Image]) -> Bool { false }

    /// Signed distance from `p` to the rounded rectangle (negative inside).
    func distance(_ p: SIMD2<Float>) -> Float {
        let d = p - center
        let q = SIMD2(abs(d.x), abs(d.y)) - (halfSize - SIMD2(repeating: radius))
        let outside = pointwiseMax(q, SIMD2<Float>.zero)
        return (outside * outside).sum().squareRoot() + min(max(q.x, q.y), 0) - radius
    }

    func apply(_ span: PixelSpan) {
        let y = Float(span.y) + 0.5
        for i in 0..<span.count {
            let coverage = min(max(0.5 - distance(SIMD2(Float(span.x + i) + 0.5, y)), 0), 1)
            let v = color * coverage, p = span.pixels + i * 4
            p[0] = v.x; p[1] = v.y; p[2] = v.z; p[3] = v.w
        }
    }
}
