internal import CPixelKernels
import Foundation

/// A primitive per-pixel operation. Programs are lists of these; the renderer folds neighbours (two affine
/// maps become one, premultiply then unpremultiply cancel) before running them with the C kernels.
package enum PixelOperation: Sendable, CustomStringConvertible {
    /// (r, g, b, a) ← M · (r, g, b, a) + bias.
    case matrix(ColorMatrix)
    /// A tone curve on R, G, B (colour-space transfer functions, tone curves).
    case curve(ToneCurve)
    /// Clamp every channel.
    case clamp(SIMD4<Float>, SIMD4<Float>)
    case premultiply
    case unpremultiply

    package func apply(_ pixels: UnsafeMutablePointer<Float>, count: Int) {
        switch self {
        case .matrix(let m): m.storage.withUnsafeBufferPointer { pk_ci_matrix(pixels, count, $0.baseAddress) }
        case .curve(let curve): curve.apply(pixels, count: count)
        case .clamp(var lo, var hi):
            withUnsafePointer(to: &lo) { l in withUnsafePointer(to: &hi) { h in
                l.withMemoryRebound(to: Float.self, capacity: 4) { lp in
                    h.withMemoryRebound(to: Float.self, capacity: 4) { hp in pk_ci_clamp(pixels, count, lp, hp) } }
            } }
        case .premultiply: pk_ci_premultiply(pixels, count)
        case .unpremultiply: pk_ci_unpremultiply(pixels, count)
        }
    }

    package var description: String {
        switch self {
        case .matrix(let m): m.isDiagonal ? "scale\(m.diagonalDescription)" : "matrix"
        case .curve(let c): c.name
        case .clamp(let lo, let hi): "clamp[\(lo.x)…\(hi.x)]"
        case .premultiply: "premultiply"
        case .unpremultiply: "unpremultiply"
        }
    }
}

/// A 4×4 colour matrix with a bias, row-major: out[i] = Σⱼ m[i][j]·in[j] + bias[i].
package struct ColorMatrix: Sendable, Hashable {
    /// 16 coefficients then 4 biases (the layout `pk_ci_matrix` reads).
    package var storage: [Float]

    package init(rows: [[Float]], bias: [Float] = [0, 0, 0, 0]) {
        storage = rows.flatMap { $0 } + bias
    }
    package init(storage: [Float]) { self.storage = storage }

    package static let identity = ColorMatrix(rows: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])

    /// Scales R, G, B by `s` (alpha unchanged).
    package static func scale(_ r: Float, _ g: Float, _ b: Float) -> ColorMatrix {
        ColorMatrix(rows: [[r, 0, 0, 0], [0, g, 0, 0], [0, 0, b, 0], [0, 0, 0, 1]])
    }

    /// A 3×3 matrix on R, G, B (row-major), alpha unchanged.
    package static func rgb(_ m: [Double], bias: [Double] = [0, 0, 0]) -> ColorMatrix {
        let f = m.map(Float.init)
        return ColorMatrix(rows: [[f[0], f[1], f[2], 0], [f[3], f[4], f[5], 0], [f[6], f[7], f[8], 0], [0, 0, 0, 1]],
                           bias: bias.map(Float.init) + [0])
    }

    package subscript(row: Int, column: Int) -> Float { storage[row * 4 + column] }
    package func bias(_ row: Int) -> Float { storage[16 + row] }

    /// `self` applied after `first`.
    package func after(_ first: ColorMatrix) -> ColorMatrix {
        var out = [Float](repeating: 0, count: 20)
        for i in 0..<4 {
            for j in 0..<4 { out[i * 4 + j] = (0..<4).reduce(0) { $0 + self[i, $1] * first[$1, j] } }
            out[16 + i] = (0..<4).reduce(bias(i)) { $0 + self[i, $1] * first.bias($1) }
        }
        return ColorMatrix(storage: out)
    }

    package var isIdentity: Bool { self == .identity }
    package var isDiagonal: Bool {
        (0..<4).allSatisfy { i in (0..<4).allSatisfy { j in i == j || self[i, j] == 0 } && bias(i) == 0 }
    }
    /// Whether alpha passes through unchanged and colour does not depend on alpha.
    package var preservesAlpha: Bool {
        self[3, 0] == 0 && self[3, 1] == 0 && self[3, 2] == 0 && self[3, 3] == 1 && bias(3) == 0
    }
    /// Whether applying to premultiplied values equals applying to unpremultiplied ones then premultiplying.
    package var commutesWithPremultiply: Bool {
        preservesAlpha && bias(0) == 0 && bias(1) == 0 && bias(2) == 0 && self[0, 3] == 0 && self[1, 3] == 0 && self[2, 3] == 0
    }
    var diagonalDescription: String {
        let d = (0..<3).map { self[$0, $0] }
        return d[0] == d[1] && d[1] == d[2] ? "(\(d[0]))" : "(\(d[0]), \(d[1]), \(d[2]))"
    }
}
