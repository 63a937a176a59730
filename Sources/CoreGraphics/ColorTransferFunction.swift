import Foundation

/// A colour space's transfer function (encoded value → linear light), in the ICC parametric form
/// `y = (a·x + b)^g + e` for `x ≥ d`, `y = c·x + f` below, with sign mirroring for extended-range spaces.
///
/// Package-internal colour maths shared by ImageIO and CoreImage; not Apple API.
package struct ColorTransferFunction: Sendable, Hashable {
    /// ICC parametric parameters g, a, b, c, d, e, f.
    package var g: Double, a: Double, b: Double, c: Double, d: Double, e: Double, f: Double
    /// Values below 0 and above 1 are kept (mirrored around zero) instead of clipped.
    package var extendedRange: Bool
    /// A sampled curve over [0, 1] when the profile's curve is not parametric (empty otherwise).
    package var samples: [Float]

    /// A parametric curve.
    package init(g: Double, a: Double = 1, b: Double = 0, c: Double = 0, d: Double = 0, e: Double = 0, f: Double = 0,
                 extendedRange: Bool = false) {
        (self.g, self.a, self.b, self.c, self.d, self.e, self.f) = (g, a, b, c, d, e, f)
        self.extendedRange = extendedRange
        self.samples = []
    }

    /// A sampled curve (evaluated with linear interpolation).
    package init(samples: [Float]) {
        (g, a, b, c, d, e, f) = (1, 1, 0, 0, 0, 0, 0)
        extendedRange = false
        self.samples = samples
    }

    /// The IEC 61966-2-1 sRGB curve (also Display P3's).
    package static let sRGB = ColorTransferFunction(g: 2.4, a: 1 / 1.055, b: 0.055 / 1.055, c: 1 / 12.92, d: 0.04045)
    /// Linear light.
    package static let linear = ColorTransferFunction(g: 1)
    /// The ITU-R BT.709 / BT.2020 camera curve.
    package static let rec709 = ColorTransferFunction(g: 1 / 0.45, a: 1 / 1.099, b: 0.099 / 1.099, c: 1 / 4.5, d: 0.081)
    /// A pure power curve.
    package static func gamma(_ g: Double) -> ColorTransferFunction { ColorTransferFunction(g: g) }

    /// The same curve, extended to values outside [0, 1] by mirroring.
    package var extended: ColorTransferFunction { var copy = self; copy.extendedRange = true; return copy }

    /// Whether the curve is the identity.
    package var isLinear: Bool { samples.isEmpty && g == 1 && a == 1 && b == 0 && e == 0 && (d <= 0) }

    /// Encoded → linear.
    package func toLinear(_ x: Double) -> Double {
        if !samples.isEmpty { return Self.interpolate(samples, x) }
        let magnitude = extendedRange ? abs(x) : min(max(x, 0), 1)
        let y = magnitude >= d ? pow(a * magnitude + b, g) + e : c * magnitude + f
        return extendedRange && x < 0 ? -y : y
    }

    /// Linear → encoded (the inverse curve).
    package func fromLinear(_ y: Double) -> Double {
        if !samples.isEmpty { return Self.invert(samples, y) }
        let magnitude = extendedRange ? abs(y) : min(max(y, 0), 1)
        let threshold = c * d + f
        let x: Double
        if magnitude >= threshold || c == 0 {
            x = (pow(max(magnitude - e, 0), 1 / g) - b) / a
        } else {
            x = (magnitude - f) / c
        }
        return extendedRange && y < 0 ? -x : x
    }

    private static func interpolate(_ table: [Float], _ x: Double) -> Double {
        let position = min(max(x, 0), 1) * Double(table.count - 1)
        let index = min(Int(position), table.count - 2)
        let t = position - Double(index)
        return Double(table[index]) * (1 - t) + Double(table[index + 1]) * t
    }

    private static func invert(_ table: [Float], _ y: Double) -> Double {
        // Tables from ICC profiles are monotonic; binary search the segment holding y.
        var low = 0, high = table.count - 1
        let target = Float(y)
        if target <= table[0] { return 0 }
        if target >= table[high] { return 1 }
        while high - low > 1 {
            let middle = (low + high) / 2
            if table[middle] < target { low = middle } else { high = middle }
        }
        let span = Double(table[high] - table[low])
        let t = span > 0 ? (y - Double(table[low])) / span : 0
        return (Double(low) + t) / Double(table.count - 1)
    }
}

/// A matrix-shaper description of an RGB or gray colour space: linear RGB → CIE XYZ (D50, the ICC
/// connection space) and per-channel transfer functions. Package-internal colour maths.
package struct ColorColorimetry: Sendable, Hashable {
    /// Row-major 3×3 matrix from linear RGB to XYZ (D50). For gray, the white point's column repeated.
    package var rgbToXYZ: [Double]
    /// One transfer function per channel (three for RGB, one for gray).
    package var transfer: [ColorTransferFunction]
    /// Whether the space keeps values outside [0, 1].
    package var extendedRange: Bool { transfer.allSatisfy(\.extendedRange) }

    /// The inverse matrix, XYZ (D50) → linear RGB, row-major.
    package var xyzToRGB: [Double] { Self.invert3x3(rgbToXYZ) }

    /// Row-major matrix taking linear values of `self` to linear values of `other`.
    package func conversionMatrix(to other: ColorColorimetry) -> [Double] {
        Self.multiply3x3(other.xyzToRGB, rgbToXYZ)
    }

    package static func multiply3x3(_ a: [Double], _ b: [Double]) -> [Double] {
        var result = [Double](repeating: 0, count: 9)
        for row in 0..<3 { for column in 0..<3 {
            result[row * 3 + column] = (0..<3).reduce(0) { $0 + a[row * 3 + $1] * b[$1 * 3 + column] }
        } }
        return result
    }

    package static func invert3x3(_ m: [Double]) -> [Double] {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let determinant = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        guard determinant != 0 else { return [1, 0, 0, 0, 1, 0, 0, 0, 1] }
        let inverse = 1 / determinant
        return [
            (e * i - f * h) * inverse, (c * h - b * i) * inverse, (b * f - c * e) * inverse,
            (f * g - d * i) * inverse, (a * i - c * g) * inverse, (c * d - a * f) * inverse,
            (d * h - e * g) * inverse, (b * g - a * h) * inverse, (a * e - b * d) * inverse,
        ]
    }
}

extension ColorColorimetry {
    /// sRGB's linear RGB → XYZ matrix, Bradford-adapted to D50 (as Little CMS builds it).
    package static let sRGBToXYZD50: [Double] = [
        0.4360747, 0.3850649, 0.1430804,
        0.2225045, 0.7168786, 0.0606169,
        0.0139322, 0.0971045, 0.7141733,
    ]
}
