import Foundation
import ImageIO

/// White balance of a RAW development, kept as camera multipliers (red, green, blue; green = 1) and converted
/// to and from what people set: a chromaticity (CIE xy), a correlated colour temperature in kelvin with a tint,
/// or a neutral sample of the picture.
///
/// Temperature and tint follow the convention raw converters share: the temperature is the nearest point of the
/// Planckian locus (CIE 1960 uv, Krystek's approximation, 1,000–15,000 K) and the tint is the signed distance
/// from it × 3,000: positive for light greener than the locus (daylight is about +10), which the development
/// corrects towards magenta; negative for magenta light, corrected towards green. ±150 covers what cameras record.
package struct RAWWhiteBalance: Sendable, Hashable {
    package var multipliers: SIMD3<Float>

    package init(multipliers: SIMD3<Float>) { self.multipliers = multipliers / multipliers.y }

    static let minimumTemperature: Double = 1_000
    static let maximumTemperature: Double = 15_000
    static let tintScale: Double = 3_000

    // MARK: Chromaticity

    /// The white balance that makes a light of chromaticity `xy` neutral for a camera with `xyzToCamera`.
    package init?(chromaticity xy: CGPoint, xyzToCamera m: [Float]) {
        guard xy.y > 1e-6, xy.x > 0, xy.x + xy.y < 1 else { return nil }
        let xyz = SIMD3<Double>(Double(xy.x / xy.y), 1, Double((1 - xy.x - xy.y) / xy.y))
        let camera = Self.multiply(m, xyz)
        guard camera.x > 0, camera.y > 0, camera.z > 0 else { return nil }
        self.init(multipliers: SIMD3<Float>(Float(1 / camera.x), Float(1 / camera.y), Float(1 / camera.z)))
    }

    /// The chromaticity of the light this white balance makes neutral.
    package func chromaticity(xyzToCamera m: [Float]) -> CGPoint? {
        let neutral = SIMD3<Double>(1 / Double(multipliers.x), 1 / Double(multipliers.y), 1 / Double(multipliers.z))
        guard let inverse = Self.inverse(m) else { return nil }
        let xyz = Self.multiply(inverse, neutral)
        let sum = xyz.x + xyz.y + xyz.z
        guard sum > 0, xyz.y > 0 else { return nil }
        return CGPoint(x: xyz.x / sum, y: xyz.y / sum)
    }

    // MARK: Temperature and tint

    /// The white balance for a temperature (kelvin, clamped to 1,000–15,000) and tint.
    package init?(temperature: Double, tint: Double, xyzToCamera m: [Float]) {
        let t = min(max(temperature, Self.minimumTemperature), Self.maximumTemperature)
        let (point, normal) = Self.locus(t)
        let duv = tint / Self.tintScale
        let uv = point + normal * duv
        self.init(chromaticity: Self.xy(uv), xyzToCamera: m)
    }

    /// The temperature and tint of the light this white balance makes neutral.
    package func temperatureAndTint(xyzToCamera m: [Float]) -> (temperature: Double, tint: Double)? {
        guard let xy = chromaticity(xyzToCamera: m) else { return nil }
        let uv = Self.uv(xy)
        // The nearest locus point, searched on the mired scale (even in perceived colour).
        func distance(_ mired: Double) -> Double {
            let point = Self.locus(1e6 / mired).point
            return ((uv - point) * (uv - point)).sum()
        }
        var low = 1e6 / Self.maximumTemperature, high = 1e6 / Self.minimumTemperature
        var best = low, bestDistance = Double.infinity
        for step in 0...200 {
            let mired = low + (high - low) * Double(step) / 200
            let d = distance(mired)
            if d < bestDistance { (best, bestDistance) = (mired, d) }
        }
        low = max(best - (high - low) / 200, low); high = min(best + (high - low) / 200, high)
        for _ in 0..<60 {   // golden-section refinement
            let a = high - (high - low) * 0.618, b = low + (high - low) * 0.618
            if distance(a) < distance(b) { high = b } else { low = a }
        }
        let temperature = 1e6 / ((low + high) / 2)
        let (point, normal) = Self.locus(temperature)
        let duv = ((uv - point) * normal).sum()
        return (temperature, duv * Self.tintScale)
    }

    // MARK: Geometry of the locus

    /// The Planckian locus point at `t` kelvin in CIE 1960 uv, and the unit normal pointing away from magenta
    /// (towards green, larger v).
    static func locus(_ t: Double) -> (point: SIMD2<Double>, normal: SIMD2<Double>) {
        func at(_ t: Double) -> SIMD2<Double> {
            let u = (0.860117757 + 1.54118254e-4 * t + 1.28641212e-7 * t * t) / (1 + 8.42420235e-4 * t + 7.08145163e-7 * t * t)
            let v = (0.317398726 + 4.22806245e-5 * t + 4.20481691e-8 * t * t) / (1 - 2.89741816e-5 * t + 1.61456053e-7 * t * t)
            return SIMD2(u, v)
        }
        let point = at(t)
        let tangent = at(t + 1) - at(t - 1)
        var normal = SIMD2(-tangent.y, tangent.x)
        if normal.y < 0 { normal = -normal }
        return (point, normal / (normal * normal).sum().squareRoot())
    }

    static func uv(_ xy: CGPoint) -> SIMD2<Double> {
        let d = -2 * xy.x + 12 * xy.y + 3
        return SIMD2(4 * xy.x / d, 6 * xy.y / d)
    }

    static func xy(_ uv: SIMD2<Double>) -> CGPoint {
        let d = 2 * uv.x - 8 * uv.y + 4
        return CGPoint(x: 3 * uv.x / d, y: 2 * uv.y / d)
    }

    // MARK: 3×3 matrices (row-major)

    static func multiply(_ m: [Float], _ v: SIMD3<Double>) -> SIMD3<Double> {
        let d = m.map(Double.init)
        return SIMD3(d[0] * v.x + d[1] * v.y + d[2] * v.z, d[3] * v.x + d[4] * v.y + d[5] * v.z, d[6] * v.x + d[7] * v.y + d[8] * v.z)
    }

    static func inverse(_ m: [Float]) -> [Float]? {
        let a = m.map(Double.init)
        let c00 = a[4] * a[8] - a[5] * a[7], c01 = a[5] * a[6] - a[3] * a[8], c02 = a[3] * a[7] - a[4] * a[6]
        let determinant = a[0] * c00 + a[1] * c01 + a[2] * c02
        guard abs(determinant) > 1e-12 else { return nil }
        let inverse = [c00, a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
                       c01, a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
                       c02, a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3]]
        return inverse.map { Float($0 / determinant) }
    }
}
