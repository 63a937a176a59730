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
    /// The non-zero taps as (dx, dy, weight), made once: sparse kernels (edge detectors, a row inside a 7 × 7
    /// matrix) cost only what they use, and rendering a tile allocates nothing.
    let taps: [(dx: Int, dy: Int, w: Float)]

    var rx: Int { width / 2 }
    var ry: Int { height / 2 }

    /// `weights` must hold `width × height` values (both odd).
    package init(name: String, width: Int, height: Int, weights: [Float], bias: Float) {
        precondition(width % 2 == 1 && height % 2 == 1 && weights.count == width * height, "MatrixConvolution needs an odd matrix and one weight per tap")
        (self.name, self.width, self.height, self.weights, self.bias) = (name, width, height, weights, bias)
        var taps: [(dx: Int, dy: Int, w: Float)] = []
        for row in 0..<height {
            for col in 0..<width where weights[row * width + col] != 0 {
                taps.append((col - width / 2, height / 2 - row, weights[row * width + col]))
            }
        }
        self.taps = taps
    }

    package func extent(of inputs: [Image]) -> CGRect {
        let e = inputs[0].extent
        return e.isEffectivelyInfinite || e.isNull ? e : e.insetBy(dx: CGFloat(-rx), dy: CGFloat(-ry))
    }

    package func isOpaque(inputs: [Image]) -> Bool { false }

    package func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { rect.outset(rx, ry) }

    package func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0], rect = output.rect
        // Flat loops over the row's 4 × width floats, so the compiler vectorises them.
        let count = rect.width * 4
        for y in rect.y..<rect.maxY {
            if RenderStop.currentIsDue { return }
            let out = output.pointer(rect.x, y)
            out.update(repeating: bias, count: count)
            for tap in taps {
                let source = UnsafePointer(input.pointer(rect.x + tap.dx, y + tap.dy))
                let w = tap.w
                for j in 0..<count { out[j] += w * source[j] }
            }
            for j in 0..<count { out[j] = min(max(out[j], 0), 1) }
        }
    }
}
