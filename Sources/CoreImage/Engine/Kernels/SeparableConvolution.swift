internal import CPixelKernels
import Foundation

/// A separable convolution (the Gaussian blur; box filters sum windows instead, ``BoxFilter``): a horizontal pass
/// over the tile's rows of interest into scratch, then a vertical pass into the tile, both in the AVX2/FMA C loops.
/// Weights are centred (odd counts). Pixels outside the input's extent are clear, so edges darken as in Core Image
/// (clamp first to avoid it).
package struct SeparableConvolution: BandedAreaKernel {
    package let name: String
    package let signature: String
    package let horizontal: [Float]
    package let vertical: [Float]
    /// Whether the input is opaque everywhere the kernel reads it (an opaque image clamped to an infinite extent)
    /// and both weight lists add up to exactly 1 in the order the passes add them: then the output's alpha is
    /// exactly 1 and the passes leave it out (``adapted(to:)``): the horizontal pass filters four rows' RGB as three
    /// four-lane rows, the vertical pass works on packed RGB, a quarter fewer multiply-adds with every colour value
    /// computed by the same operations in the same order as the four-lane passes (the same bits).
    package var opaqueInput = false

    package init(name: String, signature: String, horizontal: [Float], vertical: [Float]) {
        (self.name, self.signature, self.horizontal, self.vertical) = (name, signature, horizontal, vertical)
    }

    /// Normalized Gaussian weights for standard deviation `sigma`, cut at 3σ (see `summingToOne`).
    package static func gaussianWeights(sigma: Double) -> [Float] {
        guard sigma > 0 else { return [1] }
        let radius = Int((3 * sigma).rounded(.up))
        let raw = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = raw.reduce(0, +)
        return summingToOne(raw.map { Float($0 / total) })
    }

    /// The weights with the last one moved (by at most 10⁻⁶) so that their sum in single precision, in the order the
    /// passes add them, is exactly 1. A blur of opaque pixels then stays exactly opaque, as in Core Image, instead of
    /// an alpha of 1 ± 1 ulp that would send every pixel through the translucent (unpremultiplying) store. Kernels
    /// whose float sum strays further stay as they are.
    package static func summingToOne(_ weights: [Float]) -> [Float] {
        guard weights.count >= 3 else { return weights.count == 1 ? [1] : weights }
        if weights.reduce(Float(0), +) == 1 { return weights }
        // 1 − (the sum of all but the last) is exact (Sterbenz) when that sum lies in [0.5, 2], so adding it gives 1.
        let allButLast = weights.dropLast().reduce(Float(0), +)
        guard allButLast >= 0.5, allButLast <= 2 else { return weights }
        let last = 1 - allButLast
        guard abs(last - weights[weights.count - 1]) <= 1e-6 else { return weights }
        var adjusted = weights
        adjusted[weights.count - 1] = last
        return adjusted
    }

    var rx: Int { horizontal.count / 2 }
    var ry: Int { vertical.count / 2 }

    package func extent(of inputs: [Image]) -> CGRect {
        let e = inputs[0].extent
        return e.isEffectivelyInfinite || e.isNull ? e : e.insetBy(dx: CGFloat(-rx), dy: CGFloat(-ry))
    }

    package func isOpaque(inputs: [Image]) -> Bool { inputs[0].isOpaque && inputs[0].extent.isEffectivelyInfinite }

    /// The kernel in its opaque mode where ``opaqueInput``'s conditions hold.
    package func adapted(to inputs: [Image]) -> any AreaKernel {
        var kernel = self
        kernel.opaqueInput = isOpaque(inputs: inputs) && horizontal.reduce(Float(0), +) == 1 && vertical.reduce(Float(0), +) == 1
        return kernel
    }

    package func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { rect.outset(rx, ry) }

    package let bandHeight = 16

    /// The ring of horizontally filtered rows.
    var ringRows: Int { vertical.count + bandHeight + 7 }

    package func scratchFloats(width: Int, height: Int) -> Int {
        guard opaqueInput else { return Self.ringStride(width: width) * ringRows + 64 }
        // The ring of packed RGB rows; three packed input rows, their three filtered rows; eight packed output rows.
        return Self.packedRingStride(width: width) * ringRows + 3 * (width + 2 * rx) * 4 + 3 * width * 4 + 8 * width * 3 + 64
    }

    /// Floats from one ring row to the next: the row plus 16 floats (one cache line), so that rows a power of two
    /// bytes long (256-pixel tiles: 4 KiB) do not all fall in the same L1 cache sets when the vertical pass reads
    /// 60-odd of them in turn (1.7× faster at σ = 10).
    static func ringStride(width: Int) -> Int { width * 4 + 16 }

    /// The opaque mode's ring rows: packed RGB, padded by a cache line for the same reason.
    static func packedRingStride(width: Int) -> Int { width * 3 + 16 }

    /// Large reaches are computed from a whole intermediate instead of recomputing the overlap per tile.
    package var prefersIntermediateInput: Bool { rx > 96 || ry > 96 }

    /// Bands of input rows are filtered horizontally into a ring of `taps + band` rows; each output row is the
    /// vertical sum over the ring rows it needs (in the same order for any tile size, so results never depend on it).
    /// In the opaque mode (``opaqueInput``) ring rows hold packed RGB: a band's rows go through the horizontal pass
    /// four at a time, their RGB packed into three four-lane rows (the fourth row's components in the alpha lanes)
    /// and unpacked into four ring rows, its last rows one at a time; output rows are summed as packed RGB and
    /// written back as RGBA with alpha 1.
    package func render(into output: Tile, bands input: (PixelRect) -> Tile, scratch: UnsafeMutablePointer<Float>) {
        let rect = output.rect
        let opaque = opaqueInput
        let taps = vertical.count, ring = ringRows, width = rect.width, inputWidth = width + 2 * rx
        let stride = opaque ? Self.packedRingStride(width: width) : Self.ringStride(width: width)
        let floats = opaque ? width * 3 : width * 4   // floats of a ring row the vertical pass sums
        // Opaque mode only: three packed input rows, their three filtered rows, eight packed output rows.
        let packed = scratch + ring * stride, filtered = packed + 3 * inputWidth * 4, columns = filtered + 3 * width * 4
        let firstRow = rect.y - ry
        var produced = 0
        /// The ring row holding input row `firstRow + index`.
        func slot(_ index: Int) -> UnsafeMutablePointer<Float> { scratch + (index % ring) * stride }
        withUnsafeTemporaryAllocation(of: UnsafePointer<Float>?.self, capacity: taps + 7) { pointers in
          withUnsafeTemporaryAllocation(of: UnsafeMutablePointer<Float>?.self, capacity: 8) { outputs in
            horizontal.withUnsafeBufferPointer { h in
                vertical.withUnsafeBufferPointer { v in
                    /// Filters `count` input rows horizontally into the ring from `row` (ring index `index`) on.
                    func filter(_ band: Tile, from row: Int, count: Int, index: Int) {
                        var j = 0
                        while opaque, j + 4 <= count {
                            pk_ci_pack_opaque_rows(band.pointer(rect.x - rx, row + j), band.pointer(rect.x - rx, row + j + 1),
                                                   band.pointer(rect.x - rx, row + j + 2), band.pointer(rect.x - rx, row + j + 3),
                                                   packed, packed + inputWidth * 4, packed + 2 * inputWidth * 4, inputWidth)
                            pk_ci_convolve_rows(packed, inputWidth, filtered, width, Int32(width), 3, h.baseAddress, Int32(h.count))
                            pk_ci_unpack_opaque_rows(filtered, filtered + width * 4, filtered + 2 * width * 4, slot(index + j),
                                                     slot(index + j + 1), slot(index + j + 2), slot(index + j + 3), width)
                            j += 4
                        }
                        for k in j..<count {
                            let target = opaque ? filtered : slot(index + k)
                            pk_ci_convolve_rows(band.pointer(rect.x - rx, row + k), band.stride, target, width, Int32(width), 1,
                                                h.baseAddress, Int32(h.count))
                            if opaque { pk_ci_rgba_to_rgb(filtered, slot(index + k), width) }
                        }
                    }
                    /// Filters input rows horizontally into the ring until row `last` is there.
                    func produce(through last: Int) {
                        while firstRow + produced <= last, !RenderStop.currentIsDue {
                            let rows = min(bandHeight, rect.maxY + ry - (firstRow + produced))
                            let band = input(PixelRect(x: rect.x - rx, y: firstRow + produced, width: inputWidth, height: rows))
                            filter(band, from: firstRow + produced, count: rows, index: produced)
                            produced += rows
                        }
                    }
                    var y = rect.y
                    while y < rect.maxY, !RenderStop.currentIsDue {
                        // Eight or four output rows per call where possible (each input row read once for all of them).
                        let group = Self.outputGroup(remaining: rect.maxY - y, taps: taps)
                        produce(through: y + group - 1 + ry)
                        for k in 0..<(taps + group - 1) { pointers[k] = UnsafePointer(slot(y - rect.y + k)) }
                        for j in 0..<group { outputs[j] = opaque ? columns + j * floats : output.pointer(rect.x, y + j) }
                        switch group {
                        case 8: pk_ci_convolve_gather8_floats(pointers.baseAddress, Int32(taps), v.baseAddress, outputs.baseAddress, floats)
                        case 4: pk_ci_convolve_gather4_floats(pointers.baseAddress, Int32(taps), v.baseAddress, outputs[0], outputs[1],
                                                              outputs[2], outputs[3], floats)
                        default: pk_ci_convolve_gather_floats(pointers.baseAddress, Int32(taps), v.baseAddress, outputs[0], floats)
                        }
                        if opaque {
                            for j in 0..<group { pk_ci_rgb_to_opaque_rgba(columns + j * floats, output.pointer(rect.x, y + j), width) }
                        }
                        y += group
                    }
                }
            }
          }
        }
    }

    /// Output rows the vertical pass computes in one call: eight (AVX-512, eight taps or more), four, or one. Each row's
    /// floats are the same whichever.
    static func outputGroup(remaining: Int, taps: Int) -> Int { remaining >= 8 && taps >= 8 ? 8 : remaining >= 4 ? 4 : 1 }

    /// The same computation when the whole input tile is already rendered: bands are views into it.
    package func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0]
        render(into: output, bands: { rect in Tile(base: input.pointer(rect.x, rect.y), rect: rect, stride: input.stride) }, scratch: scratch)
    }
}
