import Foundation

/// A rectangle of working pixels in memory: premultiplied RGBA float32, `stride` pixels per row, row 0 at
/// `rect.y` (y-up). Pixels of `rect` that lie outside the producing image's extent are clear (zero).
package struct Tile {
    package var base: UnsafeMutablePointer<Float>
    package var rect: PixelRect
    package var stride: Int

    package init(base: UnsafeMutablePointer<Float>, rect: PixelRect, stride: Int) {
        (self.base, self.rect, self.stride) = (base, rect, stride)
    }

    /// The first float of pixel (`x`, `y`) (absolute coordinates inside `rect`).
    @inline(__always)
    package func pointer(_ x: Int, _ y: Int) -> UnsafeMutablePointer<Float> {
        base + ((y - rect.y) * stride + (x - rect.x)) * 4
    }

    /// The pixel at (`x`, `y`), clear outside `rect`.
    @inline(__always)
    package func pixel(_ x: Int, _ y: Int) -> SIMD4<Float> {
        guard x >= rect.x, y >= rect.y, x < rect.maxX, y < rect.maxY else { return .zero }
        let p = pointer(x, y)
        return SIMD4(p[0], p[1], p[2], p[3])
    }

    /// Bilinear sample at (`x`, `y`) in pixel-centre coordinates (pixel i's centre is i + 0.5); clear outside
    /// `rect`, at non-finite positions included.
    @inline(__always)
    package func bilinear(_ x: Float, _ y: Float) -> SIMD4<Float> {
        let fx = x - 0.5, fy = y - 0.5
        // Also refuses NaN and positions too far out to convert to Int (a filter given absurd parameters).
        guard fx > Float(rect.x) - 2, fx < Float(rect.maxX) + 1, fy > Float(rect.y) - 2, fy < Float(rect.maxY) + 1 else { return .zero }
        let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
        let tx = fx - Float(x0), ty = fy - Float(y0)
        let top = pixel(x0, y0) * (1 - tx) + pixel(x0 + 1, y0) * tx
        let bottom = pixel(x0, y0 + 1) * (1 - tx) + pixel(x0 + 1, y0 + 1) * tx
        return top * (1 - ty) + bottom * ty
    }

    /// Nearest-pixel sample at (`x`, `y`); clear outside `rect`, at non-finite positions included.
    @inline(__always)
    package func nearest(_ x: Float, _ y: Float) -> SIMD4<Float> {
        guard x > Float(rect.x) - 1, x < Float(rect.maxX) + 1, y > Float(rect.y) - 1, y < Float(rect.maxY) + 1 else { return .zero }
        return pixel(Int(x.rounded(.down)), Int(y.rounded(.down)))
    }

    /// Sets every pixel to zero.
    package func clear() {
        for row in 0..<rect.height { (base + row * stride * 4).update(repeating: 0, count: rect.width * 4) }
    }
}

/// A kernel whose output pixels read a neighbourhood of its inputs: convolutions, warps, reductions.
///
/// The renderer asks `regionOfInterest` for what each input must supply to compute a rectangle, renders the
/// inputs there (into per-tile scratch, or into a whole intermediate when `prefersIntermediateInput`), then calls
/// `render`. Kernels are immutable values, safe to call from any thread at once.
package protocol AreaKernel: Sendable {
    var name: String { get }
    var signature: String { get }
    var arity: Int { get }
    func extent(of inputs: [Image]) -> CGRect
    func isOpaque(inputs: [Image]) -> Bool
    /// The region of input `input` needed to compute `rect`.
    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect
    /// Scratch floats `render` needs for an output rectangle of this size (beyond the input tiles).
    func scratchFloats(width: Int, height: Int) -> Int
    /// Whether inputs should be computed once into a whole intermediate rather than per tile (large reach,
    /// whole-image reductions). Decided from the kernel alone, so results never depend on the tile size.
    var prefersIntermediateInput: Bool { get }
    /// Whether `render` reads its inputs only through the bounds-checked samplers (`Tile.pixel`, `bilinear`,
    /// `nearest`), so the engine may cut a region of interest down to the input's extent: outside it the input
    /// is clear, as those samplers are outside a tile. Warps need this, since a map may send pixels arbitrarily
    /// far out (a huge centre or scale) and ask for a region no memory holds.
    var samplesInputsWithBoundsChecks: Bool { get }
    /// Computes `output.rect` from input tiles covering the regions of interest.
    func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>)
    /// The kernel to run over these inputs (the fusion pass asks once per node): a kernel may take a cheaper form
    /// where the inputs allow it, computing the same values (a blur of an opaque image leaves alpha out).
    func adapted(to inputs: [Image]) -> any AreaKernel
}

extension AreaKernel {
    package var arity: Int { 1 }
    package func extent(of inputs: [Image]) -> CGRect { inputs.first?.extent ?? .null }
    package func isOpaque(inputs: [Image]) -> Bool { false }
    package func scratchFloats(width: Int, height: Int) -> Int { 0 }
    package var prefersIntermediateInput: Bool { false }
    package var samplesInputsWithBoundsChecks: Bool { false }
    package func adapted(to inputs: [Image]) -> any AreaKernel { self }
}

/// An area kernel that pulls its (single) input in horizontal bands instead of as one tile, so that its working
/// set stays in the L2 cache (the separable blurs: a band of input rows, a ring of horizontally filtered rows).
package protocol BandedAreaKernel: AreaKernel {
    /// Rows per band requested from the input.
    var bandHeight: Int { get }
    /// Computes `output`; `input(rect)` renders the input over a band and returns it (valid until the next call).
    func render(into output: Tile, bands input: (PixelRect) -> Tile, scratch: UnsafeMutablePointer<Float>)
}
