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
        let tables = [red, green, blue].map { points -> [Float] in
            let spline = CubicSpline(points: points)
            return (0...1024).map { Float(spline.value(at: Double($0) / 1024)) }
        }
        let mono = monochrome, s = Float(saturation)
        return image.mapping(name, "\(red)\(green)\(blue)\(s)\(mono)") { p in
            var e = SIMD3(Luma.encode(p.x), Luma.encode(p.y), Luma.encode(p.z))
            let l = e.x * 0.2125 + e.y * 0.7154 + e.z * 0.0721
            if mono { e = SIMD3(l, l, l) } else if s != 1 { e = SIMD3(l, l, l) + (e - SIMD3(l, l, l)) * s }
            var out = SIMD4<Float>(0, 0, 0, p.w)
            for c in 0..<3 {
                let t = min(max(e[c], 0), 1) * 1024
                let i = min(Int(t), 1023)
                let f = t - Float(i)
                out[c] = Luma.decode(tables[c][i] * (1 - f) + tables[c][i + 1] * f)
            }
            return out
        }
    }
}
