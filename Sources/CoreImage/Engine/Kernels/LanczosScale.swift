import Foundation

/// Separable Lanczos-3 resampling by (`scaleX`, `scaleY`) about the origin (`CILanczosScaleTransform`,
/// high-quality downsampling). When shrinking, the kernel is stretched by 1/scale so every input pixel
/// contributes (no aliasing). Output pixel centre X reads input position (X + 0.5) / scale. Scales are limited
/// to 1/50…100 (a single pass reading more than 300 input pixels per output pixel would need huge tiles).
package struct LanczosScale: AreaKernel {
    package let scaleX: Double
    package let scaleY: Double
    package let name = "lanczos"
    package var signature: String { "\(scaleX)×\(scaleY)" }

    package init(scaleX: Double, scaleY: Double) {
        (self.scaleX, self.scaleY) = (min(max(scaleX, 0.02), 100), min(max(scaleY, 0.02), 100))
    }

    var supportX: Double { 3 / min(scaleX, 1) }
    var supportY: Double { 3 / min(scaleY, 1) }

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

    /// Writes output index `o`'s first input index (as a float) then `taps` normalized weights (zero-padded).
    static func weights(_ o: Int, scale: Double, support: Double, taps: Int, into out: UnsafeMutablePointer<Float>) {
        let center = (Double(o) + 0.5) / scale
        let first = Int((center - support).rounded(.down))
        let stretch = min(scale, 1)
        func sinc(_ x: Double) -> Double { x == 0 ? 1 : sin(Double.pi * x) / (Double.pi * x) }
        var total = 0.0
        for k in 0..<taps {
            let t = (center - (Double(first + k) + 0.5)) * stretch
            let w = abs(t) < 3 ? sinc(t) * sinc(t / 3) : 0
            out[1 + k] = Float(w)
            total += w
        }
        out[0] = Float(first)
        if total != 0 { for k in 0..<taps { out[1 + k] = Float(Double(out[1 + k]) / total) } }
    }

    package func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0]
        let rect = output.rect
        let rows = input.rect
        let horizontalTaps = tapsX, verticalTaps = tapsY
        // Weights live in the arena scratch: nothing is allocated per tile.
        let columnWeights = scratch
        let rowWeights = scratch + rect.width * (horizontalTaps + 1)
        let intermediate = rowWeights + rect.height * (verticalTaps + 1)
        for (i, x) in (rect.x..<rect.maxX).enumerated() {
            Self.weights(x, scale: scaleX, support: supportX, taps: horizontalTaps, into: columnWeights + i * (horizontalTaps + 1))
        }
        for (j, y) in (rect.y..<rect.maxY).enumerated() {
            Self.weights(y, scale: scaleY, support: supportY, taps: verticalTaps, into: rowWeights + j * (verticalTaps + 1))
        }
        // Horizontal pass: every input row of interest, output columns.
        for y in rows.y..<rows.maxY {
            var out = intermediate + (y - rows.y) * rect.width * 4
            for i in 0..<rect.width {
                let w = columnWeights + i * (horizontalTaps + 1)
                let first = Int(w[0])
                var sum = SIMD4<Float>.zero
                for k in 0..<horizontalTaps where w[1 + k] != 0 { sum += input.pixel(first + k, y) * w[1 + k] }
                out[0] = sum.x; out[1] = sum.y; out[2] = sum.z; out[3] = sum.w
                out += 4
            }
        }
        let horizontal = Tile(base: intermediate, rect: PixelRect(x: rect.x, y: rows.y, width: rect.width, height: rows.height), stride: rect.width)
        for (j, y) in (rect.y..<rect.maxY).enumerated() {
            let w = rowWeights + j * (verticalTaps + 1)
            let first = Int(w[0])
            for x in rect.x..<rect.maxX {
                var sum = SIMD4<Float>.zero
                for k in 0..<verticalTaps where w[1 + k] != 0 { sum += horizontal.pixel(x, first + k) * w[1 + k] }
                let p = output.pointer(x, y)
                p[0] = sum.x; p[1] = sum.y; p[2] = sum.z; p[3] = sum.w
            }
        }
    }
}
