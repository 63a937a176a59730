import Foundation

/// A tile effect: each output pixel centre is folded (in double precision) to a position inside a bounded
/// source region of the input — the tile — and the input is sampled there bilinearly (or at the nearest pixel,
/// as the input's sampling mode says). The output is infinite; the region of interest is the tile's bounds
/// (optionally narrowed by `roi` for a given output rectangle), so any crop of the output reads only the tile.
///
/// `map` returns the input position and a weight that multiplies the sample (1 for pure geometry). When
/// `period` is set, sampling treats the input as repeating with that rectangle as its period, so bilinear
/// neighbours wrap around the tile's edges (affine and perspective tiles).
package struct TileWarp: AreaKernel {
    package let name: String
    package let signature: String
    package let sampling: SamplingMode
    /// The input pixels any output pixel may read (bilinear neighbours included).
    package let source: PixelRect
    /// Repeat the input with this period when sampling (`nil`: no wrapping; outside the input is clear).
    package let period: PixelRect?
    /// An optional narrowing of `source` for an output rectangle (e.g. the kaleidoscope's radius).
    package let roi: (@Sendable (PixelRect) -> PixelRect)?
    package let map: @Sendable (SIMD2<Double>) -> (SIMD2<Double>, Float)

    package init(name: String, signature: String, sampling: SamplingMode, source: PixelRect, period: PixelRect? = nil,
                 roi: (@Sendable (PixelRect) -> PixelRect)? = nil, map: @escaping @Sendable (SIMD2<Double>) -> (SIMD2<Double>, Float)) {
        (self.name, self.signature, self.sampling, self.source, self.period, self.roi, self.map) = (name, signature, sampling, source, period, roi, map)
    }

    package func extent(of inputs: [Image]) -> CGRect { .infinite }

    /// Every output tile reads the same source region: a large one (over 512 × 512 pixels, e.g. an affine tile
    /// of a photo) is rendered once into an intermediate in the context's working format; a small one is
    /// rendered per output tile in float32, like the other warps. Decided from the kernel alone.
    package var prefersIntermediateInput: Bool { !source.isInfinite && source.area > 512 * 512 }

    package var samplesInputsWithBoundsChecks: Bool { true }
    package func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect {
        if rect.isEmpty { return .empty }
        guard let roi else { return source }
        return roi(rect).intersection(source)
    }

    package func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0]
        for y in output.rect.y..<output.rect.maxY {
            var p = output.pointer(output.rect.x, y)
            for x in output.rect.x..<output.rect.maxX {
                let (q, weight) = map(SIMD2(Double(x) + 0.5, Double(y) + 0.5))
                var v: SIMD4<Float>
                if !q.x.isFinite || !q.y.isFinite || weight == 0 {
                    v = .zero
                } else if let period {
                    v = sampling == .linear ? Self.periodicBilinear(input, period, q) : Self.periodicNearest(input, period, q)
                } else {
                    v = sampling == .linear ? input.bilinear(Float(q.x), Float(q.y)) : input.nearest(Float(q.x), Float(q.y))
                }
                if weight != 1 { v *= weight }
                p[0] = v.x; p[1] = v.y; p[2] = v.z; p[3] = v.w
                p += 4
            }
        }
    }

    @inline(__always)
    static func wrap(_ i: Int, _ origin: Int, _ size: Int) -> Int {
        let r = (i - origin) % size
        return origin + (r < 0 ? r + size : r)
    }

    /// Bilinear sample of the input repeated with period `r` (pixel-centre coordinates).
    static func periodicBilinear(_ input: Tile, _ r: PixelRect, _ q: SIMD2<Double>) -> SIMD4<Float> {
        guard isWrappable(q) else { return .zero }
        let gx = q.x - 0.5, gy = q.y - 0.5
        let fx = gx.rounded(.down), fy = gy.rounded(.down)
        let tx = Float(gx - fx), ty = Float(gy - fy)
        let x0 = wrap(Int(fx), r.x, r.width), x1 = wrap(Int(fx) + 1, r.x, r.width)
        let y0 = wrap(Int(fy), r.y, r.height), y1 = wrap(Int(fy) + 1, r.y, r.height)
        let top = input.pixel(x0, y0) * (1 - tx) + input.pixel(x1, y0) * tx
        let bottom = input.pixel(x0, y1) * (1 - tx) + input.pixel(x1, y1) * tx
        return top * (1 - ty) + bottom * ty
    }

    /// Nearest-pixel sample of the input repeated with period `r`.
    static func periodicNearest(_ input: Tile, _ r: PixelRect, _ q: SIMD2<Double>) -> SIMD4<Float> {
        guard isWrappable(q) else { return .zero }
        return input.pixel(wrap(Int(q.x.rounded(.down)), r.x, r.width), wrap(Int(q.y.rounded(.down)), r.y, r.height))
    }

    /// Whether `q` is finite and near enough to convert to Int (a filter given absurd parameters maps far out).
    static func isWrappable(_ q: SIMD2<Double>) -> Bool { abs(q.x) < 1e15 && abs(q.y) < 1e15 }

    /// The pixel rectangle covering `points`, grown by two pixels for bilinear neighbours.
    package static func bounds(_ points: [SIMD2<Double>]) -> PixelRect {
        let xs = points.map(\.x), ys = points.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max(), x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite
        else { return .infinite }
        return PixelRect(covering: CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)).outset(2, 2)
    }
}
