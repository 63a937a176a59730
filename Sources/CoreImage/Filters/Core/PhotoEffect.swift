import Foundation
import Synchronization

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

    /// The look as fixed operations, run by the vectorised operations kernel in one pass: the sRGB curve
    /// (tabulated), the luminance/saturation mix as a colour matrix, then the curves, whose tables hold their
    /// output already decoded to linear values.
    func apply(to image: Image) -> Image {
        // (curves are cached by effect and channel: each is 70 000 spline evaluations, which a video edit would
        // otherwise repeat for every frame)
        var operations: [PixelOperation] = [.curve(ToneCurve.fromLinear(ColorTransferFunction.sRGB.extended, name: "linear_to_sRGB"))]
        let s = monochrome ? 0 : saturation
        if s != 1 {
            // e′ = L + (e − L)·s = s·e + (1 − s)·L, L the Rec. 709 luminance of the encoded values.
            let w = [0.2125, 0.7154, 0.0721]
            operations.append(.matrix(.rgb((0..<3).flatMap { row in (0..<3).map { column in (1 - s) * w[column] + (row == column ? s : 0) } })))
        }
        func curve(_ points: [(Double, Double)], _ label: String) -> ToneCurve {
            Self.curves.value(for: "\(name) \(label) \(points)") {
                let spline = CubicSpline(points: points)
                return ToneCurve(name: "\(name) \(label)") { Double(Luma.decode(Float(spline.value(at: $0)))) }
            }
        }
        if red.elementsEqual(green, by: ==) && red.elementsEqual(blue, by: ==) {
            operations.append(.curve(curve(red, "rgb")))
        } else {
            operations += [curve(red, "red").only(channels: 1), curve(green, "green").only(channels: 2), curve(blue, "blue").only(channels: 4)].map { .curve($0) }
        }
        return image.applying(operationsKernel(name, operations))
    }
}

extension PhotoEffect {
    /// The effects' tabulated curves, made once per effect and channel set.
    static let curves = CurveCache()

    final class CurveCache: Sendable {
        private let curves = Mutex<[String: ToneCurve]>([:])

        func value(for key: String, make: () -> ToneCurve) -> ToneCurve {
            if let curve = curves.withLock({ $0[key] }) { return curve }
            let curve = make()
            curves.withLock { $0[key] = curve }
            return curve
        }
    }
}
