import Foundation

extension FilterCatalog {
    /// CIBlurredRectangleGenerator: the rectangle `inputExtent` filled with `inputColor`, convolved with a Gaussian
    /// of standard deviation `inputSigma`, evaluated exactly at each pixel centre: colour × Ix(x) × Iy(y) with
    /// Ix(x) = ½[erf((x₁ − x)/(σ√2)) − erf((x₀ − x)/(σ√2))] (a σ of 0 gives the sharp rectangle, ½ on its edges).
    /// The extent is the rectangle grown by 3σ (rounded out to whole pixels), where the tail falls below 0.14 %.
    static let blurredRectangleGenerator = FilterDefinition(
        name: "CIBlurredRectangleGenerator", display: "Blurred Rectangle Generator",
        categories: [kCategory.generator, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Generates a blurred rectangle image with the specified extent, blur sigma, and color.",
        parameters: [
            .rectangle(kCIInputExtentKey, [0, 0, 100, 100], summary: "A rectangle that defines the extent of the effect."),
            .distance("inputSigma", 10, min: 0, summary: "The sigma for a gaussian blur."),
            .color(kCIInputColorKey, FilterColor(1, 1, 1, 1), summary: "A color."),
        ],
        mac: "14.0", iOS: "17"
    ) { args in
        let rect = args.rect(kCIInputExtentKey).standardized
        guard !rect.isNull, !rect.isEffectivelyInfinite, rect.width > 0, rect.height > 0 else { return nil }
        return .generating(BlurredRectangleKernel(rect: rect, sigma: min(max(args.number("inputSigma"), 0), 10_000),
                                                  color: args.color(kCIInputColorKey).premultipliedWorking))
    }
}

/// A Gaussian-blurred rectangle's coverage times a premultiplied colour (separable: a product of two erf terms).
struct BlurredRectangleKernel: PixelKernel {
    let rect: CGRect
    let sigma: Double
    let color: SIMD4<Float>
    let name = "blurredRectangle"
    let arity = 0
    var signature: String { "\(rect) \(sigma) \(color)" }

    init(rect: CGRect, sigma: Double, color: SIMD4<Float>) {
        (self.rect, self.sigma, self.color) = (rect, sigma, color)
    }

    func extent(of inputs: [Image]) -> CGRect {
        PixelRect(covering: rect.insetBy(dx: -3 * sigma, dy: -3 * sigma)).cgRect
    }

    func isOpaque(inputs: [Image]) -> Bool { false }

    /// The fraction of a Gaussian centred on `p` that falls between `low` and `high`.
    func coverage(_ p: Double, _ low: Double, _ high: Double) -> Double {
        guard sigma > 0 else { return p > low && p < high ? 1 : (p == low || p == high ? 0.5 : 0) }
        let scale = 1 / (sigma * 2.0.squareRoot())
        return 0.5 * (erf((high - p) * scale) - erf((low - p) * scale))
    }

    func apply(_ span: PixelSpan) {
        let vertical = coverage(Double(span.y) + 0.5, Double(rect.minY), Double(rect.maxY))
        for i in 0..<span.count {
            let v = color * Float(coverage(Double(span.x + i) + 0.5, Double(rect.minX), Double(rect.maxX)) * vertical)
            let p = span.pixels + i * 4
            p[0] = v.x; p[1] = v.y; p[2] = v.z; p[3] = v.w
        }
    }
}
