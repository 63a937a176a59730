import Foundation

/// Generators whose colour depends only on position: the gradients, the checkerboard and the stripes. Colours are
/// premultiplied working-space values; interpolation is linear in the working space.
struct GradientKernel: PixelKernel {
    enum Shape: Sendable {
        /// t = clamp((|p − center| − r0) / (r1 − r0), 0, 1)
        case radial(center: SIMD2<Float>, r0: Float, r1: Float)
        /// t = clamp((p − p0)·(p1 − p0) / |p1 − p0|², 0, 1), optionally smoothstepped
        case linear(p0: SIMD2<Float>, p1: SIMD2<Float>, smooth: Bool)
        /// Squares of `width` from `center`; `sharpness` 1 gives hard edges
        case checkerboard(center: SIMD2<Float>, width: Float, sharpness: Float)
        /// Vertical stripes of `width` from `centerX`; `sharpness` 1 gives hard edges
        case stripes(centerX: Float, width: Float, sharpness: Float)
    }

    let shape: Shape
    let color0: SIMD4<Float>
    let color1: SIMD4<Float>
    let name: String
    let arity = 0
    var signature: String { "\(shape) \(color0) \(color1)" }

    func extent(of inputs: [Image]) -> CGRect { .infinite }
    func isOpaque(inputs: [Image]) -> Bool { color0.w == 1 && color1.w == 1 }

    func value(_ p: SIMD2<Float>) -> SIMD4<Float> {
        let t: Float
        switch shape {
        case .radial(let center, let r0, let r1):
            let d = ((p - center) * (p - center)).sum().squareRoot()
            t = r1 == r0 ? (d < r0 ? 0 : 1) : min(max((d - r0) / (r1 - r0), 0), 1)
        case .linear(let p0, let p1, let smooth):
            let v = p1 - p0, length2 = (v * v).sum()
            let raw = length2 > 0 ? min(max(((p - p0) * v).sum() / length2, 0), 1) : 0
            t = smooth ? raw * raw * (3 - 2 * raw) : raw
        case .checkerboard(let center, let width, let sharpness):
            let q = (p - center) / max(width, 1e-6)
            let cell = SIMD2(q.x.rounded(.down), q.y.rounded(.down))
            let parity: Float = (Int(cell.x) + Int(cell.y)) & 1 == 0 ? 0 : 1
            // Distance (in cells) to the nearest edge; soft edges blend toward the average over (1 − sharpness)/2.
            let f = q - cell
            let edge = min(min(f.x, 1 - f.x), min(f.y, 1 - f.y))
            let soft = (1 - min(max(sharpness, 0), 1)) * 0.5
            let blend = soft > 0 ? min(edge / soft, 1) : 1
            t = 0.5 + (parity - 0.5) * blend
        case .stripes(let centerX, let width, let sharpness):
            // The checkerboard's rule along x alone: even stripes are color0, odd ones color1.
            let q = (p.x - centerX) / max(width, 1e-6)
            let cell = q.rounded(.down)
            let parity: Float = Int(cell) & 1 == 0 ? 0 : 1
            let f = q - cell
            let edge = min(f, 1 - f)
            let soft = (1 - min(max(sharpness, 0), 1)) * 0.5
            let blend = soft > 0 ? min(edge / soft, 1) : 1
            t = 0.5 + (parity - 0.5) * blend
        }
        return color0 + (color1 - color0) * t
    }

    func apply(_ span: PixelSpan) {
        let y = Float(span.y) + 0.5
        var p = span.pixels
        for i in 0..<span.count {
            let v = value(SIMD2(Float(span.x + i) + 0.5, y))
            p[0] = v.x; p[1] = v.y; p[2] = v.z; p[3] = v.w
            p += 4
        }
    }
}
