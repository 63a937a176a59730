internal import CPixelKernels
import Foundation

/// The mean over a (2r + 1)² square of premultiplied pixels (`CIBoxBlur`, the guided filter's means), as window
/// sums. Each input row is summed over 2r + 1 pixels from sums over 1, 2, 4, … pixels (about 2·log2(2r + 1)
/// additions a component, the same ones in the same order for every output pixel) and divided by 2r + 1. Columns
/// are then summed over 2r + 1 of those rows by sliding: a fresh sum of the window's rows at every multiple of
/// `block` rows (counted in the image's row coordinates, not the tile's), then one row added and one taken away per
/// row, and divided by 2r + 1 again. Every output is therefore computed the same way wherever a tile starts (results
/// never depend on the tile), a window of ones gives exactly one (opaque stays opaque), and a non-finite sum starts
/// afresh at that row, so an infinite or NaN input spoils only the windows that hold it. Pixels outside the input's
/// extent are clear, as in Core Image.
///
/// A slid sum carries the rounding of up to `block` steps: means agree with the exact ones to within about
/// 10⁻⁵ of the largest value in the window.
package struct BoxFilter: BandedAreaKernel {
    package let name: String
    package let radius: Int
    package var signature: String { "r=\(radius)" }
    var taps: Int { 2 * radius + 1 }
    /// 1 / taps, or taps where multiplying by the reciprocal would not give exactly 1 for a window of ones.
    let scale: Float
    let divides: Bool
    /// Rows between fresh column sums (at least the window, so a fresh sum costs about one row's addition a row).
    let block: Int

    /// Input rows requested per band.
    static let band = 16
    package var bandHeight: Int { Self.band }

    /// A negative `radius` counts as 0: a one-pixel window, the input unchanged.
    package init(name: String, radius: Int) {
        self.name = name
        self.radius = max(radius, 0)
        let taps = 2 * self.radius + 1
        let reciprocal = 1 / Float(taps)
        divides = Float(taps) * reciprocal != 1
        scale = divides ? Float(taps) : reciprocal
        block = max(taps, 32)
    }

    /// Row sums kept: the window, the row leaving it, and a band produced ahead.
    var ringRows: Int { taps + Self.band + 2 }

    /// The first row of the block holding row `y` (a multiple of `block`, rounding down for negative rows too).
    func blockStart(_ y: Int) -> Int { (y >= 0 ? y / block : -((-y + block - 1) / block)) * block }

    package func extent(of inputs: [Image]) -> CGRect {
        let e = inputs[0].extent
        return e.isEffectivelyInfinite || e.isNull ? e : e.insetBy(dx: CGFloat(-radius), dy: CGFloat(-radius))
    }

    package func isOpaque(inputs: [Image]) -> Bool { inputs[0].isOpaque && inputs[0].extent.isEffectivelyInfinite }

    /// The window around `rect`, from the window of its first block's first row (where the column sums start).
    package func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect {
        guard !rect.isEmpty, !rect.isInfinite else { return rect.outset(radius, radius) }
        let top = blockStart(rect.y) - radius
        return PixelRect(x: rect.x - radius, y: top, width: rect.width + 2 * radius, height: rect.maxY + radius - top)
    }

    package func scratchFloats(width: Int, height: Int) -> Int {
        width * 4 * (ringRows + 1) + 4 * (Int.bitWidth - taps.leadingZeroBitCount) * (width + taps) + 64
    }

    /// Large reaches are computed from a whole intermediate instead of recomputing the overlap per tile.
    package var prefersIntermediateInput: Bool { radius > 96 }

    /// Bands of input rows are summed horizontally into a ring; the column sums run from the first row of the tile's
    /// first block, and rows from the tile's first row on are written out.
    package func render(into output: Tile, bands input: (PixelRect) -> Tile, scratch: UnsafeMutablePointer<Float>) {
        let rect = output.rect, width = rect.width, rowFloats = width * 4
        // Plain values for the loops (no reference-counted `self` captured per row).
        let radius = radius, taps = taps, block = block, scale = scale, bandHeight = Self.band
        let start = blockStart(rect.y), firstRow = start - radius, ring = ringRows
        let sums = scratch, ringBase = scratch + rowFloats, levels = ringBase + ring * rowFloats
        let divide: Int32 = divides ? 1 : 0
        /// The horizontal sums of input row `y`.
        func row(_ y: Int) -> UnsafeMutablePointer<Float> { ringBase + ((y - firstRow) % ring) * rowFloats }
        var produced = 0
        /// Sums input rows horizontally into the ring until row `last` is there.
        func produce(through last: Int) {
            while firstRow + produced <= last, !RenderStop.currentIsDue {
                let rows = min(bandHeight, rect.maxY + radius - (firstRow + produced))
                let band = input(PixelRect(x: rect.x - radius, y: firstRow + produced, width: width + 2 * radius, height: rows))
                for j in 0..<rows {
                    let y = firstRow + produced + j
                    pk_ci_window_sum_row(band.pointer(rect.x - radius, y), row(y), levels, width, Int32(taps), scale, divide)
                }
                produced += rows
            }
        }
        withUnsafeTemporaryAllocation(of: UnsafePointer<Float>?.self, capacity: taps) { pointers in
            /// The column sums of output row `y` from the window's rows, written out as means where `target` is given.
            func fresh(_ y: Int, _ target: UnsafeMutablePointer<Float>?) {
                for k in 0..<taps { pointers[k] = UnsafePointer(row(y - radius + k)) }
                pk_ci_box_fresh(pointers.baseAddress, Int32(taps), sums, target, rowFloats, scale, divide)
            }
            for y in start..<rect.maxY {
                produce(through: y + radius)
                if RenderStop.currentIsDue { return }
                let target: UnsafeMutablePointer<Float>? = y >= rect.y ? output.pointer(rect.x, y) : nil
                if (y - start) % block == 0 || pk_ci_box_slide(sums, row(y + radius), row(y - radius - 1), target, rowFloats, scale, divide) == 0 {
                    fresh(y, target)
                }
            }
        }
    }

    /// The same computation when the whole input tile is already rendered: bands are views into it.
    package func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0]
        render(into: output, bands: { rect in Tile(base: input.pointer(rect.x, rect.y), rect: rect, stride: input.stride) }, scratch: scratch)
    }
}
