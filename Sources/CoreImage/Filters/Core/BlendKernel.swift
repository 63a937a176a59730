import Foundation

/// Two-image per-pixel compositing: Porter-Duff operators on premultiplied colour, and the W3C/PDF blend modes
/// (separable and non-separable, `B(Cb, Cs)` on unpremultiplied colour, composited as
/// `Cs·αs(1 − αb) + Cb·αb(1 − αs) + αs·αb·B`, `α = αs + αb(1 − αs)`). Input 0 is the source (`inputImage`),
/// input 1 the backdrop (`inputBackgroundImage`).
struct BlendKernel: PixelKernel {
    enum Mode: String, Sendable {
        case sourceOver, sourceAtop, sourceIn, sourceOut, addition, multiplyCompositing, minimum, maximum
        case multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight, difference, exclusion
        case subtract, divide, linearBurn, linearDodge, pinLight, hue, saturation, color, luminosity
    }

    let mode: Mode
    var name: String { mode.rawValue }
    var signature: String { "" }
    let arity = 2
    var dependsOnPosition: Bool { false }

    func extent(of inputs: [Image]) -> CGRect {
        let s = inputs[0].extent, b = inputs[1].extent
        switch mode {
        case .sourceAtop: return b
        case .sourceIn, .multiplyCompositing, .minimum: return s.intersection(b)
        case .sourceOut: return s
        default: return s.union(b)
        }
    }

    func isOpaque(inputs: [Image]) -> Bool {
        inputs[0].isOpaque && inputs[1].isOpaque && inputs[0].extent == inputs[1].extent
    }

    func apply(_ span: PixelSpan) {
        let source = span.pixels, backdrop = span.input1!
        for i in 0..<span.count {
            let p = source + i * 4, q = backdrop + i * 4
            let s = SIMD4(p[0], p[1], p[2], p[3]), d = SIMD4(q[0], q[1], q[2], q[3])
            let r = combine(s, d)
            p[0] = r.x; p[1] = r.y; p[2] = r.z; p[3] = r.w
        }
    }

    func combine(_ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> {
        let sa = s.w, da = d.w
        switch mode {
        case .sourceOver: return s + d * (1 - sa)
        case .sourceAtop: return SIMD4(s.x * da + d.x * (1 - sa), s.y * da + d.y * (1 - sa), s.z * da + d.z * (1 - sa), da)
        case .sourceIn: return s * da
        case .sourceOut: return s * (1 - da)
        case .addition: return s + d
        case .multiplyCompositing: return s * d
        case .minimum: return SIMD4(min(s.x, d.x), min(s.y, d.y), min(s.z, d.z), min(s.w, d.w))
        case .maximum: return SIMD4(max(s.x, d.x), max(s.y, d.y), max(s.z, d.z), max(s.w, d.w))
        default: break
        }
        let cs = sa > 0 ? SIMD3(s.x, s.y, s.z) / sa : .zero
        let cb = da > 0 ? SIMD3(d.x, d.y, d.z) / da : .zero
        let b = blend(cb, cs)
        let rgb = cs * sa * (1 - da) + cb * da * (1 - sa) + b * (sa * da)
        return SIMD4(rgb.x, rgb.y, rgb.z, sa + da * (1 - sa))
    }

    private func blend(_ cb: SIMD3<Float>, _ cs: SIMD3<Float>) -> SIMD3<Float> {
        func each(_ f: (Float, Float) -> Float) -> SIMD3<Float> { SIMD3(f(cb.x, cs.x), f(cb.y, cs.y), f(cb.z, cs.z)) }
        switch mode {
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return each { b, s in b <= 0.5 ? 2 * s * b : 1 - 2 * (1 - s) * (1 - b) }
        case .darken: return each(min)
        case .lighten: return each(max)
        case .colorDodge: return each { b, s in b <= 0 ? 0 : (s >= 1 ? 1 : min(1, b / (1 - s))) }
        case .colorBurn: return each { b, s in b >= 1 ? 1 : (s <= 0 ? 0 : 1 - min(1, (1 - b) / s)) }
        case .hardLight: return each { b, s in s <= 0.5 ? 2 * s * b : 1 - 2 * (1 - s) * (1 - b) }
        case .softLight:
            return each { b, s in
                if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
                let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                return b + (2 * s - 1) * (d - b)
            }
        case .difference: return each { b, s in abs(b - s) }
        case .exclusion: return cb + cs - 2 * cb * cs
        case .subtract: return cb - cs
        case .divide: return each { b, s in s > 0 ? b / s : (b > 0 ? 1 : 0) }
        case .linearBurn: return cb + cs - 1
        case .linearDodge: return cb + cs
        case .pinLight: return each { b, s in s <= 0.5 ? min(b, 2 * s) : max(b, 2 * s - 1) }
        case .hue: return NonSeparable.setLum(NonSeparable.setSat(cs, NonSeparable.sat(cb)), NonSeparable.lum(cb))
        case .saturation: return NonSeparable.setLum(NonSeparable.setSat(cb, NonSeparable.sat(cs)), NonSeparable.lum(cb))
        case .color: return NonSeparable.setLum(cs, NonSeparable.lum(cb))
        case .luminosity: return NonSeparable.setLum(cb, NonSeparable.lum(cs))
        default: return cs
        }
    }
}

/// The W3C non-separable blend helpers (luminance weights 0.3, 0.59, 0.11).
enum NonSeparable {
    static func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }
    static func sat(_ c: SIMD3<Float>) -> Float { max(c.x, c.y, c.z) - min(c.x, c.y, c.z) }

    static func clip(_ c: SIMD3<Float>) -> SIMD3<Float> {
        let l = lum(c), n = min(c.x, c.y, c.z), x = max(c.x, c.y, c.z)
        var out = c
        if n < 0 { out = SIMD3(repeating: l) + (out - SIMD3(repeating: l)) * (l / max(l - n, 1e-9)) }
        if x > 1 { out = SIMD3(repeating: l) + (out - SIMD3(repeating: l)) * ((1 - l) / max(x - l, 1e-9)) }
        return out
    }

    static func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> { clip(c + SIMD3(repeating: l - lum(c))) }

    static func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
        let high = max(c.x, c.y, c.z), low = min(c.x, c.y, c.z)
        guard high > low else { return .zero }
        return (c - SIMD3(repeating: low)) * (s / (high - low))
    }
}

extension FilterCatalog {
    /// A compositing filter definition over ``BlendKernel``.
    static func blend(_ name: String, _ mode: BlendKernel.Mode, _ summary: String, mac: String = "10.4", iOS: String = "5") -> FilterDefinition {
        FilterDefinition(
            name: name, categories: [kCategory.compositeOperation, kCategory.video, kCategory.stillImage, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.highDynamicRange],
            summary: summary,
            parameters: [.image(summary: "The image to use as a foreground image."), .image(kCIInputBackgroundImageKey, summary: "The image to use as a background image.")],
            mac: mac, iOS: iOS
        ) { args in
            guard let image = args.image(), let background = args.image(kCIInputBackgroundImageKey) else { return nil }
            return image.applying(BlendKernel(mode: mode), [background])
        }
    }
}
