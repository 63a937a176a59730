internal import CPixelKernels
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
    /// matrix) cost only what they use.
    let taps: [(dx: Int, dy: Int, w: Float)]
    /// Their weights, in the same order.
    let tapWeights: [Float]

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
        tapWeights = taps.map(\.w)
    }

    package func extent(of inputs: [Image]) -> CGRect {
        let e = inputs[0].extent
        return e.isEffectivelyInfinite || e.isNull ? e : e.insetBy(dx: CGFloat(-rx), dy: CGFloat(-ry))
    }

    package func isOpaque(inputs: [Image]) -> Bool { false }

    package func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { rect.outset(rx, ry) }

    package func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0], rect = output.rect
        withUnsafeTemporaryAllocation(of: UnsafePointer<Float>?.self, capacity: max(taps.count, 1)) { sources in
            tapWeights.withUnsafeBufferPointer { w in
                for y in rect.y..<rect.maxY {
                    if RenderStop.currentIsDue { return }
                    for (k, tap) in taps.enumerated() { sources[k] = UnsafePointer(input.pointer(rect.x + tap.dx, y + tap.dy)) }
                    pk_ci_convolve_taps(sources.baseAddress, w.baseAddress, Int32(taps.count), bias, output.pointer(rect.x, y), rect.width * 4)
                }
            }
        }
    }
}
