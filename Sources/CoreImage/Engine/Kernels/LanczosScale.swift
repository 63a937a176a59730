import Foundation

/// Separable Lanczos-3 resampling by (`scaleX`, `scaleY`) about the origin (`CILanczosScaleTransform`,
/// high-quality downsampling). When shrinking, the kernel is stretched by 1/scale so every input pixel
/// contributes (no aliasing). Output pixel centre X reads input position (X + 0.5) / scale.
package struct LanczosScale: AreaKernel {
    package let scaleX: Double
    package let scaleY: Double
    package let name = "lanczos"
    package var signature: String { "\(scaleX)×\(scaleY)" }

    package init(scaleX: Double, scaleY: Double) {
        (self.scaleX, self.scaleY) = (max(scaleX, 1e-4), max(scaleY, 1e-4))
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

    package func scratchFloats(width: Int, height: Int) -> Int {
        let rows = Int(Double(height) / scaleY + 2 * supportY) + 8
        return width * rows * 4
    }

    /// Weights for output index `o`: first input index and normalized weights.
    static func weights(_ o: Int, scale: Double, support: Double) -> (Int, [Float]) {
        let center = (Double(o) + 0.5) / scale
        let first = Int((center - support).rounded(.down)), last = Int((center + support).rounded(.up))
        let stretch = min(scale, 1)
        func sinc(_ x: Double) -> Double { x == 0 ? 1 : sin(Double.pi * x) / (Double.pi * x) }
        var w: [Double] = []
        for i in first...last {
            let t = (center - (Double(i) + 0.5)) * stretch
            w.append(abs(t) < 3 ? sinc(t) * sinc(t / 3) : 0)
        }
        let total = w.reduce(0, +)
        return (first, w.map { Float($0 / (total == 0 ? 1 : total)) })
    }

    package func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0]
        let rect = output.rect
        let rows = input.rect
        // Horizontal pass: every input row of interest, output columns.
        let columns = (rect.x..<rect.maxX).map { Self.weights($0, scale: scaleX, support: supportX) }
        for y in rows.y..<rows.maxY {
            var out = scratch + (y - rows.y) * rect.width * 4
            for (first, w) in columns {
                var sum = SIMD4<Float>.zero
                for (k, weight) in w.enumerated() where weight != 0 { sum += input.pixel(first + k, y) * weight }
                out[0] = sum.x; out[1] = sum.y; out[2] = sum.z; out[3] = sum.w
                out += 4
            }
        }
        let horizontal = Tile(base: scratch, rect: PixelRect(x: rect.x, y: rows.y, width: rect.width, height: rows.height), stride: rect.width)
        for y in rect.y..<rect.maxY {
            let (first, w) = Self.weights(y, scale: scaleY, support: supportY)
            for x in rect.x..<rect.maxX {
                var sum = SIMD4<Float>.zero
                for (k, weight) in w.enumerated() where weight != 0 { sum += horizontal.pixel(x, first + k) * weight }
                let p = output.pointer(x, y)
                p[0] = sum.x; p[1] = sum.y; p[2] = sum.z; p[3] = sum.w
            }
        }
    }
}
