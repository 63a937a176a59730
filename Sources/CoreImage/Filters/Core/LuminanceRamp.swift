import Foundation

/// A colour ramp indexed by luminance: the Rec. 709 luminance of an unpremultiplied working-space pixel, limited
/// to 0…1, picks a colour by linear interpolation between evenly spaced stops (working-space colours), and the
/// result keeps the pixel's alpha. The looks Apple publishes only as pictures (`CIThermal`, `CIXRay`) are ramps.
struct LuminanceRamp: Sendable {
    /// Linear sRGB colours, the first at luminance 0 and the last at 1.
    let stops: [SIMD3<Float>]

    /// A ramp through sRGB-encoded (0…1) colours, taken to the working space.
    init(sRGB: [SIMD3<Double>]) {
        stops = sRGB.map { SIMD3(Luma.decode(Float($0.x)), Luma.decode(Float($0.y)), Luma.decode(Float($0.z))) }
    }

    /// The ramp's colour at luminance `l`.
    func color(at l: Float) -> SIMD3<Float> {
        let t = min(max(l.isNaN ? 0 : l, 0), 1) * Float(stops.count - 1)
        let i = min(Int(t), stops.count - 2)
        let f = t - Float(i)
        return stops[i] + (stops[i + 1] - stops[i]) * f
    }

    /// `image` mapped through the ramp.
    func apply(to image: Image, name: String) -> Image {
        let ramp = self
        return image.mapping(name, "\(stops)") { p in
            let c = ramp.color(at: Luma.of(p))
            return SIMD4(c.x, c.y, c.z, p.w)
        }
    }
}
