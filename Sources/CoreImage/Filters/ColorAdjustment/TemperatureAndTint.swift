import Foundation

extension FilterCatalog {
    /// CITemperatureAndTint: white balance. Each neutral (temperature in kelvin, tint) becomes a white point on the
    /// Planckian locus (Kim et al.'s cubic fit), moved by `tint × 3·10⁻⁵` along the locus normal in CIE 1960 uv
    /// (positive tint: toward magenta). Colours are adapted from `inputNeutral`'s white to `inputTargetNeutral`'s
    /// with the Bradford transform, as one 3×3 matrix on linear sRGB.
    static let temperatureAndTint = FilterDefinition(
        name: "CITemperatureAndTint", categories: [kCategory.colorAdjustment, kCategory.video, kCategory.stillImage, kCategory.interlaced, kCategory.nonSquarePixels],
        summary: "Adapts the reference white point for an image.",
        parameters: [
            .image(),
            .offset("inputNeutral", 6500, 0, identity: [6500, 0], summary: "A vector containing the source white point defined by color temperature and tint or chromaticity (x,y)."),
            .offset("inputTargetNeutral", 6500, 0, identity: [6500, 0], summary: "A vector containing the desired white point defined by color temperature and tint or chromaticity (x,y)."),
        ], mac: "10.7", iOS: "5"
    ) { args in
        guard let image = args.image() else { return nil }
        let source = WhiteBalance.xy(args.vector("inputNeutral")), target = WhiteBalance.xy(args.vector("inputTargetNeutral"))
        return image.applying(operationsKernel("temperatureAndTint", [.matrix(.rgb(WhiteBalance.matrix(from: source, to: target)))], unpremultiplied: false))
    }
}

/// Chromaticity and chromatic-adaptation maths for white balance.
enum WhiteBalance {
    /// The xy chromaticity of (temperature, tint); a vector whose first value is below 1 is taken as (x, y).
    static func xy(_ neutral: [Double]) -> (Double, Double) {
        let t = neutral.first ?? 6500, tint = neutral.count > 1 ? neutral[1] : 0
        if t < 1 { return (t, tint) }
        let (x, y) = planckian(min(max(t, 1667), 25000))
        guard tint != 0 else { return (x, y) }
        // Move along the normal of the locus in uv.
        func uv(_ p: (Double, Double)) -> (Double, Double) {
            let d = -2 * p.0 + 12 * p.1 + 3
            return (4 * p.0 / d, 6 * p.1 / d)
        }
        let a = uv(planckian(min(max(t - 10, 1667), 25000))), b = uv(planckian(min(max(t + 10, 1667), 25000)))
        var (du, dv) = (b.0 - a.0, b.1 - a.1)
        let length = (du * du + dv * dv).squareRoot()
        (du, dv) = (du / length, dv / length)
        let (u, v) = uv((x, y))
        let (u2, v2) = (u + dv * tint * 3e-5, v - du * tint * 3e-5)
        let d = 2 * u2 - 8 * v2 + 4
        return (3 * u2 / d, 2 * v2 / d)
    }

    static func planckian(_ t: Double) -> (Double, Double) {
        let t1 = 1e3 / t, t2 = t1 * t1, t3 = t2 * t1
        let x = t <= 4000 ? -0.2661239 * t3 - 0.2343589 * t2 + 0.8776956 * t1 + 0.179910
                          : -3.0258469 * t3 + 2.1070379 * t2 + 0.2226347 * t1 + 0.240390
        let y: Double
        if t <= 2222 { y = -1.1063814 * x * x * x - 1.34811020 * x * x + 2.18555832 * x - 0.20219683 }
        else if t <= 4000 { y = -0.9549476 * x * x * x - 1.37418593 * x * x + 2.09137015 * x - 0.16748867 }
        else { y = 3.0817580 * x * x * x - 5.87338670 * x * x + 3.75112997 * x - 0.37001483 }
        return (x, y)
    }

    static let sRGBToXYZ: [Double] = [0.4124564, 0.3575761, 0.1804375, 0.2126729, 0.7151522, 0.0721750, 0.0193339, 0.1191920, 0.9503041]
    static let bradford: [Double] = [0.8951, 0.2664, -0.1614, -0.7502, 1.7135, 0.0367, 0.0389, -0.0685, 1.0296]

    /// Linear sRGB → linear sRGB matrix adapting white `source` to white `target`.
    static func matrix(from source: (Double, Double), to target: (Double, Double)) -> [Double] {
        func xyz(_ p: (Double, Double)) -> [Double] { [p.0 / p.1, 1, (1 - p.0 - p.1) / p.1] }
        func apply(_ m: [Double], _ v: [Double]) -> [Double] { (0..<3).map { r in (0..<3).reduce(0) { $0 + m[r * 3 + $1] * v[$1] } } }
        let s = apply(bradford, xyz(source)), d = apply(bradford, xyz(target))
        let scale: [Double] = [d[0] / s[0], 0, 0, 0, d[1] / s[1], 0, 0, 0, d[2] / s[2]]
        let cat = ColorColorimetry.multiply3x3(ColorColorimetry.invert3x3(bradford), ColorColorimetry.multiply3x3(scale, bradford))
        return ColorColorimetry.multiply3x3(ColorColorimetry.invert3x3(sRGBToXYZ), ColorColorimetry.multiply3x3(cat, sRGBToXYZ))
    }
}
