import Foundation

/// A geometry kernel given as a function from output pixel centre to input position (Core Image's
/// `CIWarpKernel`), sampled bilinearly or at the nearest pixel. The region of interest is given as a
/// function too (for monotone maps, the map of the rectangle's corners is enough).
package struct WarpKernel: AreaKernel {
    package let name: String
    package let signature: String
    package let sampling: SamplingMode
    package let map: @Sendable (SIMD2<Float>) -> SIMD2<Float>
    package let roi: @Sendable (PixelRect) -> PixelRect
    package let outputExtent: @Sendable ([Image]) -> CGRect

    package init(name: String, signature: String, sampling: SamplingMode, extent: @escaping @Sendable ([Image]) -> CGRect,
                 roi: @escaping @Sendable (PixelRect) -> PixelRect, map: @escaping @Sendable (SIMD2<Float>) -> SIMD2<Float>) {
        (self.name, self.signature, self.sampling, self.outputExtent, self.roi, self.map) = (name, signature, sampling, extent, roi, map)
    }

    package func extent(of inputs: [Image]) -> CGRect { outputExtent(inputs) }
    package var samplesInputsWithBoundsChecks: Bool { true }
    package func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { rect.isEmpty ? rect : roi(rect) }

    package func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0]
        for y in output.rect.y..<output.rect.maxY {
            var p = output.pointer(output.rect.x, y)
            for x in output.rect.x..<output.rect.maxX {
                let source = map(SIMD2(Float(x) + 0.5, Float(y) + 0.5))
                let v = sampling == .linear ? input.bilinear(source.x, source.y) : input.nearest(source.x, source.y)
                p[0] = v.x; p[1] = v.y; p[2] = v.z; p[3] = v.w
                p += 4
            }
        }
    }

    /// The pixel rectangle covering `points` (input positions), grown by one pixel for bilinear sampling.
    package static func bounds(_ points: [SIMD2<Float>]) -> PixelRect {
        let xs = points.map(\.x), ys = points.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max(), x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite
        else { return .infinite }
        return PixelRect(covering: CGRect(x: CGFloat(x0), y: CGFloat(y0), width: CGFloat(x1 - x0), height: CGFloat(y1 - y0))).outset(2, 2)
    }
}

/// A convolution with weights at arbitrary (fractional) offsets, each sampled bilinearly: motion and
/// zoom-like blurs. Offsets are in pixels; weights should sum to 1.
package struct SampledConvolution: AreaKernel {
    package let name: String
    package let signature: String
    package let offsets: [SIMD2<Float>]
    package let weights: [Float]
    let reach: (Int, Int)

    package init(name: String, signature: String, offsets: [SIMD2<Float>], weights: [Float]) {
        (self.name, self.signature, self.offsets, self.weights) = (name, signature, offsets, weights)
        reach = (Int((offsets.map { abs($0.x) }.max() ?? 0).rounded(.up)) + 1, Int((offsets.map { abs($0.y) }.max() ?? 0).rounded(.up)) + 1)
    }

    package func extent(of inputs: [Image]) -> CGRect {
        let e = inputs[0].extent
        return e.isEffectivelyInfinite || e.isNull ? e : e.insetBy(dx: CGFloat(-reach.0), dy: CGFloat(-reach.1))
    }

    package func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { rect.outset(reach.0, reach.1) }

    package func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0]
        for y in output.rect.y..<output.rect.maxY {
            for x in output.rect.x..<output.rect.maxX {
                let centre = SIMD2(Float(x) + 0.5, Float(y) + 0.5)
                var sum = SIMD4<Float>.zero
                for (offset, weight) in zip(offsets, weights) {
                    let q = centre + offset
                    sum += input.bilinear(q.x, q.y) * weight
                }
                let p = output.pointer(x, y)
                p[0] = sum.x; p[1] = sum.y; p[2] = sum.z; p[3] = sum.w
            }
        }
    }
}
