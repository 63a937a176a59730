internal import CPixelKernels
import Foundation

/// Resamples its input through an affine transform: each output pixel centre is mapped back through the
/// inverse transform and sampled bilinearly (or at the nearest pixel). Outside the input's extent samples are
/// clear, so edges blend to transparent as in Core Image. The sampling loop is C (`pk_ci_affine_sample`), with
/// the arithmetic of ``Tile/bilinear(_:_:)`` and ``Tile/nearest(_:_:)``.
package struct AffineWarp: AreaKernel {
    package let transform: CGAffineTransform
    package let inverse: CGAffineTransform
    package let sampling: SamplingMode
    package let name = "affine"

    package init(_ transform: CGAffineTransform, sampling: SamplingMode) {
        self.transform = transform
        self.inverse = transform.inverted()
        self.sampling = sampling
    }

    package var signature: String {
        let t = transform
        return "[\(t.a) \(t.b) \(t.c) \(t.d) \(t.tx) \(t.ty)]" + (sampling == .nearest ? " nearest" : "")
    }

    package func extent(of inputs: [Image]) -> CGRect {
        let e = inputs[0].extent
        return e.isEffectivelyInfinite || e.isNull ? e : e.applying(transform)
    }

    package func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect {
        guard !rect.isInfinite else { return rect }
        return PixelRect(covering: rect.cgRect.applying(inverse)).outset(1, 1)
    }

    package func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0], rect = output.rect
        let m = inverse
        let coefficients: [Float] = [Float(m.a), Float(m.b), Float(m.c), Float(m.d), Float(m.tx), Float(m.ty)]
        // Bands of rows, so a stop request takes effect between them.
        var y = rect.y
        while y < rect.maxY {
            if RenderStop.currentIsDue { return }
            let rows = min(64, rect.maxY - y)
            coefficients.withUnsafeBufferPointer { c in
                pk_ci_affine_sample(input.base, input.stride, input.rect.x, input.rect.y, input.rect.width, input.rect.height,
                                    output.pointer(rect.x, y), output.stride, rect.x, y, Int32(rect.width), Int32(rows),
                                    c.baseAddress, sampling == .nearest ? 1 : 0)
            }
            y += rows
        }
    }
}

/// Moves its input by whole pixels (a copy of rows; bitmaps are moved for free by re-positioning instead).
package struct Translation: AreaKernel {
    package let dx: Int
    package let dy: Int
    package let name = "translate"
    package var signature: String { "\(dx),\(dy)" }

    package init(dx: Int, dy: Int) { (self.dx, self.dy) = (dx, dy) }

    package func extent(of inputs: [Image]) -> CGRect { inputs[0].extent.offsetBy(dx: CGFloat(dx), dy: CGFloat(dy)) }
    package func isOpaque(inputs: [Image]) -> Bool { inputs[0].isOpaque }
    package func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { rect.offsetBy(-dx, -dy) }

    package func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        for y in output.rect.y..<output.rect.maxY {
            output.pointer(output.rect.x, y).update(from: inputs[0].pointer(output.rect.x - dx, y - dy), count: output.rect.width * 4)
        }
    }
}
