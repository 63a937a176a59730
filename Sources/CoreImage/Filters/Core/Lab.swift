import Foundation

/// CIE L*a*b* (D65 white, sRGB primaries) from and to the working space, and ΔE*94 (`CILabDeltaE`,
/// `CIConvertRGBtoLab`, `CIConvertLabToRGB`).
enum Lab {
    /// L*, a*, b* of an unpremultiplied working-space (linear sRGB) colour.
    static func from(_ p: SIMD4<Float>) -> SIMD3<Double> {
        let r = Double(p.x), g = Double(p.y), b = Double(p.z)
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        let fx = f(x), fy = f(y), fz = f(z)
        return SIMD3(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// The sRGB (D65) RGB → XYZ matrix `from` uses, row by row.
    static let toXYZ: [[Double]] = [[0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750], [0.0193339, 0.1191920, 0.9503041]]

    /// Its inverse, computed (so `toWorking` undoes `from` to rounding).
    static let fromXYZ: [[Double]] = {
        let m = toXYZ
        let c00 = m[1][1] * m[2][2] - m[1][2] * m[2][1], c01 = m[1][2] * m[2][0] - m[1][0] * m[2][2], c02 = m[1][0] * m[2][1] - m[1][1] * m[2][0]
        let det = m[0][0] * c00 + m[0][1] * c01 + m[0][2] * c02
        return [[c00 / det, (m[0][2] * m[2][1] - m[0][1] * m[2][2]) / det, (m[0][1] * m[1][2] - m[0][2] * m[1][1]) / det],
                [c01 / det, (m[0][0] * m[2][2] - m[0][2] * m[2][0]) / det, (m[0][2] * m[1][0] - m[0][0] * m[1][2]) / det],
                [c02 / det, (m[0][1] * m[2][0] - m[0][0] * m[2][1]) / det, (m[0][0] * m[1][1] - m[0][1] * m[1][0]) / det]]
    }()

    /// `fromXYZ` as rows for the per-pixel path.
    static let inverseRows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) = {
        let m = fromXYZ
        return (SIMD3(m[0][0], m[0][1], m[0][2]), SIMD3(m[1][0], m[1][1], m[1][2]), SIMD3(m[2][0], m[2][1], m[2][2]))
    }()

    /// The unpremultiplied working-space (linear sRGB) colour of L*, a*, b*: the inverse of `from`.
    static func toWorking(_ lab: SIMD3<Double>) -> SIMD3<Double> {
        let fy = (lab.x + 16) / 116
        let x = inverseF(fy + lab.y / 500) * 0.95047, y = inverseF(fy), z = inverseF(fy - lab.z / 200) * 1.08883
        let v = SIMD3(x, y, z), rows = inverseRows
        return SIMD3((rows.0 * v).sum(), (rows.1 * v).sum(), (rows.2 * v).sum())
    }

    /// The CIE L*a*b* companding function.
    @inline(__always) static func f(_ t: Double) -> Double {
        let delta = 6.0 / 29
        return t > delta * delta * delta ? cbrt(t) : t / (3 * delta * delta) + 4.0 / 29
    }

    /// The inverse of `f`.
    @inline(__always) static func inverseF(_ t: Double) -> Double {
        let delta = 6.0 / 29
        return t > delta ? t * t * t : 3 * delta * delta * (t - 4.0 / 29)
    }

    /// ΔE*94 with graphic-arts weights, `reference` setting the chroma weights.
    static func deltaE94(_ reference: SIMD3<Double>, _ sample: SIMD3<Double>) -> Double {
        let dL = reference.x - sample.x
        let c1 = (reference.y * reference.y + reference.z * reference.z).squareRoot()
        let c2 = (sample.y * sample.y + sample.z * sample.z).squareRoot()
        let dC = c1 - c2
        let da = reference.y - sample.y, db = reference.z - sample.z
        let dH2 = max(da * da + db * db - dC * dC, 0)
        let sC = 1 + 0.045 * c1, sH = 1 + 0.015 * c1
        return (dL * dL + (dC / sC) * (dC / sC) + dH2 / (sH * sH)).squareRoot()
    }
}
