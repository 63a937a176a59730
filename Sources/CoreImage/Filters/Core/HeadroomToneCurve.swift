import Foundation

/// The global headroom tone curve shared by `CIToneMapHeadroom` and `CISystemToneMap`: with m = max(r, g, b) of
/// the unpremultiplied linear colour, source headroom S and target headroom T (S > T ≥ 1), the extended Reinhard
/// form g(m) = m·(1 + m·T/S²)/(1 + m/T). It has slope 1 at black, increases, and sends S to T; the colour is scaled
/// by g(m)/m (hues and ratios kept) and m ≥ S is scaled to exactly T. Apple publishes neither filter's curve.
enum HeadroomToneCurve {
    /// The factor g(m)/m for `m` = max(r, g, b); 1 for m ≤ 0 (black and negative colours are left alone).
    @inline(__always) static func scale(_ m: Float, source s: Float, target t: Float) -> Float {
        guard m > 0 else { return 1 }
        return m >= s ? t / m : (1 + m * t / (s * s)) / (1 + m / t)
    }

    /// `p` (unpremultiplied RGBA) tone mapped from headroom `s` to `t`, alpha kept; unchanged when s ≤ t.
    @inline(__always) static func map(_ p: SIMD4<Float>, source s: Float, target t: Float) -> SIMD4<Float> {
        guard s > t else { return p }
        let k = scale(max(p.x, p.y, p.z), source: s, target: t)
        return SIMD4(p.x * k, p.y * k, p.z * k, p.w)
    }
}
