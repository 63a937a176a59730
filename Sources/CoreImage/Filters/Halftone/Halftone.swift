import Foundation

/// The maths shared by the halftone screens (`Filters/Halftone`). Apple publishes their parameters and
/// pictures, not their formulas; the rule here is stated once for all four and re-implemented in
/// `Tests/CoreImageTests/References/reference.py`.
///
/// Each pixel's ink coverage is c = 1 − L, L the Rec. 709 luminance of its unpremultiplied colour in the
/// working space (linear light, so a screen's average reflectance follows the input's), clamped to 0…1. The
/// screen places ink where a shape sized by c covers the pixel's position in its cell; d − h (how far the
/// position lies outside the shape, in cells) becomes the grey `clamp(0.5 + (d − h)·width/e, 0, 1)`, e =
/// (1 − sharpness)·width + 1 pixels of ramp (sharpness 1 still keeps a one-pixel ramp against aliasing).
/// Coverage within 10⁻⁵ of 0 gives exactly white, within 10⁻⁵ of 1 exactly black (so float rounding of the
/// luminance weights cannot put specks on white). The output is grey, with the input's alpha.
enum Halftone {
    /// The screen's cell coordinates of `p`: offset from `centre` turned by −`angle`, in units of `width`.
    struct Screen: Sendable, CustomStringConvertible {
        let centre: SIMD2<Double>, width: Double, cosine: Double, sine: Double, ramp: Double

        init(_ args: FilterArguments, angle: Double = 0) {
            let c = args.point(kCIInputCenterKey)
            centre = SIMD2(Double(c.x), Double(c.y))
            width = max(args.number(kCIInputWidthKey), 1)
            (cosine, sine) = (cos(angle), sin(angle))
            ramp = (1 - min(max(args.number(kCIInputSharpnessKey), 0), 1)) * width + 1
        }

        @inline(__always) func cell(_ p: SIMD2<Float>) -> SIMD2<Double> {
            let d = SIMD2(Double(p.x), Double(p.y)) - centre
            return SIMD2(cosine * d.x + sine * d.y, -sine * d.x + cosine * d.y) / width
        }

        /// The grey for a position `outside` cells beyond the edge of the inked shape.
        @inline(__always) func grey(_ outside: Double) -> Float { Float(min(max(0.5 + outside * width / ramp, 0), 1)) }

        var description: String { "\(centre) \(width) \(cosine) \(sine) \(ramp)" }
    }

    /// `v − round(v)`: the offset from the nearest cell centre line, in −½…½.
    @inline(__always) static func centred(_ v: Double) -> Double { v - v.rounded() }

    /// The halftone of `image`: `shade(cell position, coverage)` gives the grey for coverages between 10⁻⁵ and
    /// 1 − 10⁻⁵.
    static func apply(_ image: Image, _ name: String, _ screen: Screen,
                      shade: @escaping @Sendable (SIMD2<Double>, Double) -> Float) -> Image {
        let kernel = ClosureKernel(name: name, signature: "\(screen)", arity: 1, unpremultiplied: true, opaque: { $0[0].isOpaque }) { inputs, p in
            let pixel = inputs[0]
            let coverage = 1 - Double(min(max(Luma.of(pixel), 0), 1))
            let g: Float = coverage <= 1e-5 ? 1 : (coverage >= 1 - 1e-5 ? 0 : shade(screen.cell(p), coverage))
            return SIMD4(g, g, g, pixel.w)
        }
        return image.applying(kernel)
    }

    /// The parameters every screen shares.
    static func parameters(_ what: String, angle: Bool = true) -> [FilterParameter] {
        var list: [FilterParameter] = [
            .image(),
            .position(kCIInputCenterKey, 150, 150, summary: "The x and y position to use as the center of the \(what) pattern"),
        ]
        if angle { list.append(.angle(kCIInputAngleKey, 0, summary: "The angle of the pattern.")) }
        list.append(.distance(kCIInputWidthKey, 6, min: 1, sliderMin: 2, sliderMax: 50, summary: "The distance between elements of the pattern."))
        list.append(.scalar(kCIInputSharpnessKey, 0.7, min: 0, max: 1, sliderMin: 0, sliderMax: 1,
                            summary: "The sharpness of the pattern. The larger the value, the sharper the pattern."))
        return list
    }

    static let categories = [kCategory.halftoneEffect, kCategory.video, kCategory.stillImage]
}
