internal import CPixelKernels
import Foundation

/// The mean over a (2r + 1)² square of premultiplied pixels (`CIBoxBlur`, the guided filter's means), as window
/// sums: each input row summed over 2r + 1 pixels and divided by 2r + 1, then 2r + 1 of those rows summed and divided
/// again. Both sums are built from sums over 1, 2, 4, … pixels or rows (each level the one below plus itself
/// shifted), so a pixel costs about 4·log2(2r + 1) additions instead of 2(2r + 1) multiply-adds, and every output
/// adds the same partial sums in the same order wherever it lies: results never depend on the tile. A window of
/// ones gives exactly one (opaque stays opaque). Pixels outside the input's extent are clear, as in Core Image.
package struct BoxFilter: BandedAreaKernel {
    package let name: String
    package let radius: Int
    package var signature: String { "r=\(radius)" }
    var taps: Int { 2 * radius + 1 }
    /// 1 / taps, or taps where multiplying by the reciprocal would not give exactly 1 for a window of ones.
    let scale: Float
    let divides: Bool
    /// Rows kept of each level of vertical sums (level k: sums over 2^k rows), enough for every later use.
    let levelRows: [Int]
    /// The levels whose rows make up a window, largest first, with their row offsets inside it.
    let terms: [(level: Int, offset: Int)]

    /// Input rows requested per band.
    static let band = 16
    package var bandHeight: Int { Self.band }

    package init(name: String, radius: Int) {
        precondition(radius >= 1, "a box filter needs a radius of at least 1")
        self.name = name
        self.radius = radius
        let taps = 2 * radius + 1
        let reciprocal = 1 / Float(taps)
        divides = Float(taps) * reciprocal != 1
        scale = divides ? Float(taps) : reciprocal
        let top = Int.bitWidth - 1 - taps.leadingZeroBitCount
        var terms: [(level: Int, offset: Int)] = []
        var offset = 0
        for k in stride(from: top, through: 0, by: -1) where taps & (1 << k) != 0 {
            terms.append((k, offset))
            offset += 1 << k
        }
        self.terms = terms
        // Level k's row q is read when level k + 1 is built (until 2^k newer rows exist) and, as a term at offset o,
        // by the output row q − o, when up to taps + band − 2^k − o newer rows of level k may exist.
        levelRows = (0...top).map { k in
            let building = k < top ? (1 << k) + 1 : 0
            let asTerm = terms.first { $0.level == k }.map { taps + Self.band - (1 << k) - $0.offset } ?? 0
            return max(building, asTerm, 1) + 1
        }
    }

    package func extent(of inputs: [Image]) -> CGRect {
        let e = inputs[0].extent
        return e.isEffectivelyInfinite || e.isNull ? e : e.insetBy(dx: CGFloat(-radius), dy: CGFloat(-radius))
    }

    package func isOpaque(inputs: [Image]) -> Bool { inputs[0].isOpaque && inputs[0].extent.isEffectivelyInfinite }

    package func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { rect.outset(radius, radius) }

    package func scratchFloats(width: Int, height: Int) -> Int {
        width * 4 * levelRows.reduce(0, +) + 8 * (width + taps) + 64
    }

    /// Large reaches are computed from a whole intermediate instead of recomputing the overlap per tile.
    package var prefersIntermediateInput: Bool { radius > 96 }

    /// Bands of input rows are summed horizontally into level 0; each new row extends every higher level by one row;
    /// each output row is the sum of its terms' rows.
    package func render(into output: Tile, bands input: (PixelRect) -> Tile, scratch: UnsafeMutablePointer<Float>) {
        let rect = output.rect, width = rect.width, rowFloats = width * 4
        let firstRow = rect.y - radius
        var levelBases: [UnsafeMutablePointer<Float>] = []
        var next = scratch
        for rows in levelRows { levelBases.append(next); next += rows * rowFloats }
        let rowScratch = next
        /// Row `q` (counted from `firstRow`) of level `k`.
        func row(_ k: Int, _ q: Int) -> UnsafeMutablePointer<Float> { levelBases[k] + (q % levelRows[k]) * rowFloats }
        var produced = 0
        /// Sums input rows horizontally into level 0, and extends the higher levels, until row `last` is there.
        func produce(through last: Int) {
            while firstRow + produced <= last, !RenderStop.currentIsDue {
                let rows = min(bandHeight, rect.maxY + radius - (firstRow + produced))
                let band = input(PixelRect(x: rect.x - radius, y: firstRow + produced, width: width + 2 * radius, height: rows))
                for j in 0..<rows {
                    let p = produced + j
                    pk_ci_window_sum_row(band.pointer(rect.x - radius, firstRow + p), row(0, p), rowScratch, width, Int32(taps),
                                         scale, divides ? 1 : 0)
                    for k in levelRows.indices.dropFirst() {
                        let q = p - (1 << k) + 1
                        guard q >= 0 else { break }
                        pk_ci_add_rows(row(k - 1, q), row(k - 1, q + (1 << (k - 1))), row(k, q), rowFloats)
                    }
                }
                produced += rows
            }
        }
        withUnsafeTemporaryAllocation(of: UnsafePointer<Float>?.self, capacity: terms.count) { pointers in
            for y in rect.y..<rect.maxY {
                produce(through: y + radius)
                if RenderStop.currentIsDue { return }
                let a = y - rect.y
                for (index, term) in terms.enumerated() { pointers[index] = UnsafePointer(row(term.level, a + term.offset)) }
                pk_ci_sum_rows_scaled(pointers.baseAddress, Int32(terms.count), scale, divides ? 1 : 0, output.pointer(rect.x, y), rowFloats)
            }
        }
    }

    /// The same computation when the whole input tile is already rendered: bands are views into it.
    package func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0]
        render(into: output, bands: { rect in Tile(base: input.pointer(rect.x, rect.y), rect: rect, stride: input.stride) }, scratch: scratch)
    }
}
