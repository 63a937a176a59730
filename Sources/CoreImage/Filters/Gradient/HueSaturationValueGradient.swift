import Foundation

extension FilterCatalog {
    /// CIHueSaturationValueGradient: a colour wheel of `inputRadius` centred on the origin. At pixel p, hue is the
    /// angle of p (0 along +x, counter-clockwise), saturation |p| / radius, value `inputValue`; the HSV colour is
    /// read in `inputColorSpace` (default sRGB) and matched to the working space. Alpha falls from 1 to 0 over the
    /// last `inputSoftness` pixels of the radius. `inputDither` adds a deterministic ±dither/255 ripple (0: none).
    /// Extent: the wheel's bounding square.
    static let hueSaturationValueGradient = FilterDefinition(
        name: "CIHueSaturationValueGradient", categories: [kCategory.gradient, kCategory.video, kCategory.stillImage],
        summary: "Generates a color wheel that shows hues and saturations for a specified value.",
        parameters: [
            .scalar("inputValue", 1, min: 0, sliderMin: 0, sliderMax: 1, summary: "The color value used to generate the color wheel."),
            .distance(kCIInputRadiusKey, 300, min: 0, sliderMin: 0, sliderMax: 800, summary: "The distance from the center of the effect."),
            .scalar("inputSoftness", 1, min: 0, sliderMin: 0, sliderMax: 1, summary: "The softness of the edge of the wheel."),
            .scalar("inputDither", 1, min: 0, sliderMin: 0, sliderMax: 3, summary: "A boolean value specifying whether the dither the generated output."),
            FilterParameter("inputColorSpace", .colorSpace, summary: "The CGColorSpaceRef that the color wheel should be generated in.", default: .colorSpace(ColorSpaces.sRGB)),
        ], mac: "10.12", iOS: "10"
    ) { args in
        let radius = Float(max(args.number(kCIInputRadiusKey), 0)), value = args.float("inputValue")
        let softness = max(args.float("inputSoftness"), 0), dither = args.float("inputDither")
        let space = args.colorSpace("inputColorSpace") ?? ColorSpaces.sRGB
        guard radius > 0 else { return .empty }
        let extent = CGRect(x: -CGFloat(radius), y: -CGFloat(radius), width: 2 * CGFloat(radius), height: 2 * CGFloat(radius))
        let wheel = ClosureKernel(name: "hsvWheel", signature: "\(radius) \(value) \(softness) \(dither)", arity: 0, unpremultiplied: true,
                                  extent: { _ in extent }) { _, p in
            let d = (p * p).sum().squareRoot()
            var hue = atan2(p.y, p.x) / (2 * Float.pi)
            if hue < 0 { hue += 1 }
            let s = min(d / radius, 1)
            var rgb = HSV.rgb(hue, s, value)
            if dither > 0 {
                // Wrapping to 32 bits (the product overflows Int32 from |x| ≥ 30, which trapped before).
                var bits = UInt32(truncatingIfNeeded: Int(p.x.rounded(.down)) &* 73856093) ^ UInt32(truncatingIfNeeded: Int(p.y.rounded(.down)) &* 19349663)
                bits = (bits ^ (bits >> 13)) &* 0x5bd1e995
                rgb += SIMD3(repeating: (Float(bits & 0xFFFF) / 65535 - 0.5) * 2 * dither / 255)
            }
            let alpha = softness > 0 ? min(max((radius - d) / softness, 0), 1) : (d <= radius ? 1 : 0)
            return SIMD4(rgb.x, rgb.y, rgb.z, alpha)
        }
        let generated = Image.generating(wheel)
        return Image(.colorMatch(.toWorking(space), generated), extent: extent, isOpaque: false)
    }
}

enum HSV {
    /// HSV (each 0…1) to RGB.
    static func rgb(_ h: Float, _ s: Float, _ v: Float) -> SIMD3<Float> {
        let h6 = (h - h.rounded(.down)) * 6
        let sector = Int(h6.rounded(.down)) % 6, f = h6 - h6.rounded(.down)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        switch sector {
        case 0: return SIMD3(v, t, p)
        case 1: return SIMD3(q, v, p)
        case 2: return SIMD3(p, v, t)
        case 3: return SIMD3(p, q, v)
        case 4: return SIMD3(t, p, v)
        default: return SIMD3(v, p, q)
        }
    }
}
