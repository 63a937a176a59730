import Foundation

/// A general (non-separable) convolution with an odd `width` × `height` weight matrix and a bias, applied to each
/// premultiplied component independently, alpha included (`CIConvolution3X3` … `CIConvolution9Vertical`):
///
/// `out(x, y) = clamp(Σ weights[row · width + col] · in(x − rx + col, y + ry − row) + bias, 0, 1)`
///
/// Row 0 of the matrix is the *top* row of the neighbourhood (y + ry in Core Image's y-up space) and column 0
/// the left one: the element-wise product of the weight matrix with the neighbourhood as it appears on screen
/// (a correlation, Apple's documented definition). Pixels outside the input are clear. The extent grows by
/// (rx, ry); inside that ring the output is `clamp(bias + partial sum)`. Taps are summed in a fixed order, so
/// results never depend on the tile size.
package struct MatrixConvolution: AreaKernel {
    package let name: String
    package let width: Int
    package let height: Int
    /// Row-major, top row first.
    package let weights: [Float]
    package let bias: Float
    package var signature: String { "\(width)x\(height) w=\(weights) b=\(bias)" }

    var rx: Int { width / 2 }
    var ry: Int { height / 2 }

    /// `weights` must hold `width × height` values (both odd).
    package init(name: String, width: Int, height: Int, weights: [Float], bias: Float) {
        precondition(width % 2 == 1 && height % 2 == 1 && weights.count == width * height, "MatrixConvolution needs an odd matrix and one weight per tap")
        (self.name, self.width, self.height, self.weights, self.bias) = (name, width, height, weights, bias)
    }

    package func extent(of inputs: [Image]) -> CGRect {
        let e = inputs[0].extent
        return e.isEffectivelyInfinite || e.isNull ? e : e.insetBy(dx: CGFloat(-rx), dy: CGFloat(-ry))
    }

    package func isOpaque(inputs: [Image]) -> Bool { false }

    package func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { rect.outset(rx, ry) }

    package func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0], rect = output.rect
        // Non-zero taps only, as (dx, dy, weight): sparse kernels (a 9-tap row inside a 7 × 7 matrix, edge
        // detectors) cost only what they use.
        var taps: [(dx: Int, dy: Int, w: Float)] = []
        for row in 0..<height {
            for col in 0..<width where weights[row * width + col] != 0 {
                taps.append((col - rx, ry - row, weights[row * width + col]))
            }
        }
        let b = SIMD4<Float>(repeating: bias)
        for y in rect.y..<rect.maxY {
            if RenderStop.currentIsDue { return }
            let out = output.pointer(rect.x, y)
            for i in 0..<rect.width {
                let o = out + i * 4
                o[0] = 0; o[1] = 0; o[2] = 0; o[3] = 0
            }
            for tap in taps {
                let source = input.pointer(rect.x + tap.dx, y + tap.dy)
                let w = tap.w
                for i in 0..<rect.width {
                    let s = source + i * 4, o = out + i * 4
                    o[0] += w * s[0]; o[1] += w * s[1]; o[2] += w * s[2]; o[3] += w * s[3]
                }
            }
            for i in 0..<rect.width {
                let o = out + i * 4
                let v = SIMD4(o[0], o[1], o[2], o[3]) + b
                let c = v.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
                o[0] = c.x; o[1] = c.y; o[2] = c.z; o[3] = c.w
            }
        }
    }
}
