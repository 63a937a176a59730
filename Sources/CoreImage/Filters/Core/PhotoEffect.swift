import Foundation

/// The photo-effect filters (CIPhotoEffect…): a fixed look in the sRGB-encoded (perceptual) space. Apple builds
/// these from private colour cubes; this port defines each as optional conversion to Rec. 709 luminance, a
/// saturation change about that luminance, and per-channel natural cubic splines through five points.
struct PhotoEffect: Sendable {
    var name: String
    var monochrome = false
    var saturation: Double = 1
    var red: [(Double, Double)]
    var green: [(Double, Double)]
    var blue: [(Double, Double)]

    init(_ name: String, monochrome: Bool = false, saturation: Double = 1, all: [(Double, Double)]) {
        self.init(name, monochrome: monochrome, saturation: saturation, red: all, green: all, blue: all)
    }

    init(_ name: String, monochrome: Bool = false, saturation: Double = 1, red: [(Double, Double)], green: [(Double, Double)], blue: [(Double, Double)]) {
        (self.name, self.monochrome, self.saturation, self.red, self.green, self.blue) = (name, monochrome, saturation, red, green, blue)
    }

    /// The definition for `CI<name>`.
    func definition(summary: String) -> FilterDefinition {
        let effect = self
        return FilterDefinition(
            name: name, categories: [kCategory.colorEffect, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage, kCategory.highDynamicRange],
            summary: summary,
            parameters: [.image(), .boolean("inputExtrapolate", false, summary: "Whether to extrapolate the effect for values outside 0…1 (accepted; values are clamped).")],
            mac: "10.9", iOS: "7"
        ) { args in
            guard let image = args.image() else { return nil }
            return effect.apply(to: image)
        }
    }

    func apply(to image: Image) -> Image {
        // The tables hold the curve's output already decoded to linear values: interpolating them differs from
        // decoding the interpolated value by under 1e-6 at 1,024 steps, and saves three `pow` per pixel.
        let tables = [red, green, blue].map { points -> [Float] in
            let spline = CubicSpline(points: points)
            return (0...1024).map { Luma.decode(Float(spline.value(at: Double($0) / 1024))) }
        }
        let mono = monochrome && red.elementsEqual(green, by: ==) && red.elementsEqual(blue, by: ==)
        let gray = monochrome, s = Float(saturation)
        @Sendable @inline(__always) func look(_ table: [Float], _ value: Float) -> Float {
            let t = min(max(value, 0), 1) * 1024
            let i = min(Int(t), 1023)
            let f = t - Float(i)
            return table[i] * (1 - f) + table[i + 1] * f
        }
        return image.mapping(name, "\(red)\(green)\(blue)\(s)\(gray)") { p in
            var e = SIMD3(Luma.encode(p.x), Luma.encode(p.y), Luma.encode(p.z))
            let l = e.x * 0.2125 + e.y * 0.7154 + e.z * 0.0721
            if mono {   // one curve for a grey value: one lookup
                let v = look(tables[0], l)
                return SIMD4<Float>(v, v, v, p.w)
            }
            if gray { e = SIMD3(l, l, l) } else if s != 1 { e = SIMD3(l, l, l) + (e - SIMD3(l, l, l)) * s }
            return SIMD4<Float>(look(tables[0], e.x), look(tables[1], e.y), look(tables[2], e.z), p.w)
        }
    }
}
