internal import CPixelKernels
import Foundation

/// The filter a ``LanczosScale`` resamples with.
package enum ResamplingFilter: Sendable, Equatable {
    /// Lanczos-3 (`CILanczosScaleTransform`).
    case lanczos3
    /// The Mitchell–Netravali cubic with parameters B and C (`CIBicubicScaleTransform`).
    case cubic(b: Double, c: Double)
    /// The maximum of the input pixels an output pixel covers (`CIMaximumScaleTransform`).
    case maximum

    /// The kernel's half-width in input pixels at scale 1.
    var radius: Double {
        switch self {
        case .lanczos3: 3
        case .cubic: 2
        case .maximum: 0.5
        }
    }

    /// The weight at distance `t` (input pixels, after stretching); not used by `.maximum`.
    func weight(_ t: Double) -> Double {
        switch self {
        case .lanczos3:
            func sinc(_ x: Double) -> Double { x == 0 ? 1 : sin(Double.pi * x) / (Double.pi * x) }
            return abs(t) < 3 ? sinc(t) * sinc(t / 3) : 0
        case .cubic(let b, let c):
            let x = abs(t)
            if x < 1 { return ((12 - 9 * b - 6 * c) * x * x * x + (-18 + 12 * b + 6 * c) * x * x + (6 - 2 * b)) / 6 }
            if x < 2 { return ((-b - 6 * c) * x * x * x + (6 * b + 30 * c) * x * x + (-12 * b - 48 * c) * x + (8 * b + 24 * c)) / 6 }
            return 0
        case .maximum:
            return 0
        }
    }
}

/// Separable resampling by (`scaleX`, `scaleY`) about the origin: Lanczos-3 (`CILanczosScaleTransform`,
/// high-quality downsampling), a B/C cubic (`CIBicubicScaleTransform`) or the footprint maximum
/// (`CIMaximumScaleTransform`). When shrinking, a weighted kernel is stretched by 1/scale so every input pixel
/// contributes (no aliasing); weights are normalised to sum to 1. Output pixel centre X reads input position
/// (X + 0.5) / scale. `.maximum` takes, per axis, the largest of the input pixels overlapping the output
/// pixel's footprint [X/scale, (X + 1)/scale) (per component, so max over the rectangle). Scales are limited
/// to 1/50…100 (a single pass reading more than 300 input pixels per output pixel would need huge tiles).
package struct LanczosScale: AreaKernel {
    package let scaleX: Double
    package let scaleY: Double
    package let filter: ResamplingFilter
    package var name: String {
        switch filter {
        case .lanczos3: "lanczos"
        case .cubic: "bicubicScale"
        case .maximum: "maximumScale"
        }
    }
    package var signature: String {
        switch filter {
        case .lanczos3: "\(scaleX)×\(scaleY)"
        case .cubic(let b, let c): "\(scaleX)×\(scaleY) B \(b) C \(c)"
        case .maximum: "\(scaleX)×\(scaleY)"
        }
    }

    package init(scaleX: Double, scaleY: Double, filter: ResamplingFilter = .lanczos3) {
        (self.scaleX, self.scaleY) = (min(max(scaleX, 0.02), 100), min(max(scaleY, 0.02), 100))
        self.filter = filter
    }

    var supportX: Double { filter == .maximum ? 0.5 / scaleX : filter.radius / min(scaleX, 1) }
    var supportY: Double { filter == .maximum ? 0.5 / scaleY : filter.radius / min(scaleY, 1) }

    package func extent(of inputs: [Image]) -> CGRect {
        let e = inputs[0].extent
        guard !e.isEffectivelyInfinite, !e.isNull else { return e }
        return CGRect(x: (e.minX * scaleX).rounded(), y: (e.minY * scaleY).rounded(),
                      width: max(1, (e.width * scaleX).rounded()), height: max(1, (e.height * scaleY).rounded()))
    }

    package func isOpaque(inputs: [Image]) -> Bool { false }

    static func span(_ start: Int, _ end: Int, scale: Double, support: Double) -> (Int, Int) {
        let first = ((Double(start) + 0.5) / scale - support).rounded(.down)
        let last = ((Double(end) - 0.5) / scale + support).rounded(.up)
        return (Int(first) - 1, Int(last) + 2)
    }

    package func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect {
        guard !rect.isInfinite, !rect.isEmpty else { return rect }
        let (x0, x1) = Self.span(rect.x, rect.maxX, scale: scaleX, support: supportX)
        let (y0, y1) = Self.span(rect.y, rect.maxY, scale: scaleY, support: supportY)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Weights per output pixel along each axis (the kernel spans at most this many input pixels).
    var tapsX: Int { Int((2 * supportX).rounded(.up)) + 3 }
    var tapsY: Int { Int((2 * supportY).rounded(.up)) + 3 }

    package func scratchFloats(width: Int, height: Int) -> Int {
        let rows = Int(Double(height) / scaleY + 2 * supportY) + 8
        return width * rows * 4 + width * (tapsX + 1) + height * (tapsY + 1) + 64
    }

    /// Writes output index `o`'s first input index (as a float) then `taps` weights (zero-padded): normalised
    /// kernel weights, or for `.maximum` 1 for every input pixel overlapping the output pixel's footprint.
    static func weights(_ o: Int, scale: Double, support: Double, taps: Int, filter: ResamplingFilter,
                        into out: UnsafeMutablePointer<Float>) {
        let center = (Double(o) + 0.5) / scale
        let first = Int((center - support).rounded(.down))
        out[0] = Float(first)
        if filter == .maximum {
            let low = Double(o) / scale, high = Double(o + 1) / scale
            for k in 0..<taps {
                let i = Double(first + k)
                out[1 + k] = i + 1 > low && i < high ? 1 : 0
            }
            return
        }
        let stretch = min(scale, 1)
        var total = 0.0
        for k in 0..<taps {
            let w = filter.weight((center - (Double(first + k) + 0.5)) * stretch)
            out[1 + k] = Float(w)
            total += w
        }
        if total != 0 { for k in 0..<taps { out[1 + k] = Float(Double(out[1 + k]) / total) } }
        // Summed in single precision by the passes, the weights give exactly 1 (up to the last non-zero one, whose
        // tap the passes read): an opaque image stays exactly opaque (see `SeparableConvolution.summingToOne`).
        guard let last = (0..<taps).last(where: { out[1 + $0] != 0 }) else { return }
        let adjusted = SeparableConvolution.summingToOne(Array(UnsafeBufferPointer(start: out + 1, count: last + 1)))
        for k in 0...last { out[1 + k] = adjusted[k] }
    }

    package func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0]
        let rect = output.rect
        let rows = input.rect
        let horizontalTaps = tapsX, verticalTaps = tapsY
        let maximum = filter == .maximum
        // Weights live in the arena scratch: nothing is allocated per tile.
        let columnWeights = scratch
        let rowWeights = scratch + rect.width * (horizontalTaps + 1)
        let intermediate = rowWeights + rect.height * (verticalTaps + 1)
        for (i, x) in (rect.x..<rect.maxX).enumerated() {
            Self.weights(x, scale: scaleX, support: supportX, taps: horizontalTaps, filter: filter, into: columnWeights + i * (horizontalTaps + 1))
        }
        for (j, y) in (rect.y..<rect.maxY).enumerated() {
            Self.weights(y, scale: scaleY, support: supportY, taps: verticalTaps, filter: filter, into: rowWeights + j * (verticalTaps + 1))
        }
        // Horizontal pass over every input row of interest, then the vertical pass (C: the same sums in the same
        // order as a per-pixel loop, zero weights skipped, pixels outside the input clear).
        pk_ci_resample_rows(input.pointer(rows.x, rows.y), input.stride, rows.x, rows.width, Int32(rows.height), intermediate,
                            Int32(rect.width), columnWeights, Int32(horizontalTaps), maximum ? 1 : 0)
        if RenderStop.currentIsDue { return }
        pk_ci_resample_columns(intermediate, rows.y, rows.height, Int32(rect.width), output.pointer(rect.x, rect.y), output.stride,
                               rect.y, Int32(rect.height), rowWeights, Int32(verticalTaps), maximum ? 1 : 0)
    }
}
