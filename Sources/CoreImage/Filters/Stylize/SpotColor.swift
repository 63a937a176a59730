import Foundation

extension FilterCatalog {
    /// CISpotColor: up to three colour ranges replaced by spot colours. Apple publishes the parameters, not the
    /// maths; here, for range i, d is the distance between the pixel's and `inputCenterColor`i's sRGB-encoded
    /// colours divided by √3 (0…1), and the replacement weight is 1 − smoothstep(closeness·contrast, closeness, d):
    /// full replacement within closeness × contrast of the centre, none beyond closeness (a contrast of 1 gives a
    /// hard edge). The three replacements are mixed in turn into the working-space colour
    /// (c ← c + w·(replacement − c)), each weight measured on the original pixel; alpha is kept.
    static let spotColor = FilterDefinition(
        name: "CISpotColor", categories: [kCategory.stylize, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Replaces one or more color ranges with spot colors.",
        parameters: [.image()] + spotRange(1, center: FilterColor(0.0784, 0.0627, 0.0706), replacement: FilterColor(0.4392, 0.1922, 0.1961),
                                           closeness: 0.22, contrast: 0.98)
            + spotRange(2, center: FilterColor(0.5255, 0.3059, 0.3451), replacement: FilterColor(0.9137, 0.5608, 0.5059), closeness: 0.15, contrast: 0.98)
            + spotRange(3, center: FilterColor(0.9216, 0.4549, 0.3333), replacement: FilterColor(0.9098, 0.7529, 0.6078), closeness: 0.5, contrast: 0.99),
        mac: "10.5", iOS: "9"
    ) { args in
        guard let image = args.image() else { return nil }
        let ranges = (1...3).map { i in
            SpotRange(center: args.color("inputCenterColor\(i)"), replacement: args.color("inputReplacementColor\(i)"),
                      closeness: args.float("inputCloseness\(i)"), contrast: args.float("inputContrast\(i)"))
        }
        return image.mapping("spotColor", "\(ranges)") { p in
            let encoded = SIMD3(Luma.encode(p.x), Luma.encode(p.y), Luma.encode(p.z))
            var c = SIMD3(p.x, p.y, p.z)
            for range in ranges {
                let w = range.weight(encoded)
                if w > 0 { c += (range.replacementWorking - c) * w }
            }
            return SIMD4(c.x, c.y, c.z, p.w)
        }
    }

    /// The four parameters of spot range `i` with Apple's defaults and ranges.
    static func spotRange(_ i: Int, center: FilterColor, replacement: FilterColor, closeness: Double, contrast: Double) -> [FilterParameter] {
        [.color("inputCenterColor\(i)", center, summary: "The center value of the \(ordinal(i)) color range to replace."),
         .color("inputReplacementColor\(i)", replacement, summary: "A replacement color for the \(ordinal(i)) color range."),
         .scalar("inputCloseness\(i)", closeness, min: 0, sliderMin: 0, sliderMax: 0.5,
                 summary: "A value that indicates how close the \(ordinal(i)) color must match before it is replaced."),
         .scalar("inputContrast\(i)", contrast, min: 0, sliderMin: 0, sliderMax: 1, summary: "The contrast of the \(ordinal(i)) replacement color.")]
    }

    private static func ordinal(_ i: Int) -> String { ["first", "second", "third"][i - 1] }
}

/// One range of `CISpotColor`.
struct SpotRange: Sendable, CustomStringConvertible {
    let centerEncoded: SIMD3<Float>
    let replacementWorking: SIMD3<Float>
    let closeness: Float
    let contrast: Float

    init(center: FilterColor, replacement: FilterColor, closeness: Float, contrast: Float) {
        let c = center.premultipliedWorking, r = replacement.premultipliedWorking
        let ca = max(c.w, 1e-6), ra = max(r.w, 1e-6)
        centerEncoded = SIMD3(Luma.encode(c.x / ca), Luma.encode(c.y / ca), Luma.encode(c.z / ca))
        replacementWorking = SIMD3(r.x / ra, r.y / ra, r.z / ra)
        (self.closeness, self.contrast) = (closeness, contrast)
    }

    /// The replacement weight of an sRGB-encoded colour.
    @inline(__always)
    func weight(_ encoded: SIMD3<Float>) -> Float {
        let d = encoded - centerEncoded
        let distance = (d * d).sum().squareRoot() / Float(3).squareRoot()
        let inner = closeness * min(contrast, 1)
        if distance <= inner { return 1 }
        if distance >= closeness { return 0 }
        return 1 - Luma.smoothstep(inner, closeness, distance)
    }

    var description: String { "\(centerEncoded) \(replacementWorking) \(closeness) \(contrast)" }
}
