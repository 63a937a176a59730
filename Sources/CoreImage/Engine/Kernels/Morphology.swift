import Foundation

/// Grey-scale dilation or erosion with a flat structuring element (`CIMorphologyMaximum`/`Minimum`, the
/// rectangle variants, and the two halves of `CIMorphologyGradient`): each premultiplied component of the output
/// is the maximum (or minimum) of that component over the element centred on the pixel. Pixels outside the input
/// are clear, so erosion eats a border of the element's reach at the image's edges (clamp first to avoid it).
///
/// The element is given by its rows: for dy = −reach…reach, the half-width of the run of pixels it covers. Each
/// row is a 1-D running extremum computed with the van Herk / Gil-Werman scheme (three comparisons per pixel
/// whatever the width), so the cost grows with the element's height, not its area.
package struct Morphology: AreaKernel {
    package enum Operation: String, Sendable { case maximum, minimum }

    package let operation: Operation
    package let name: String
    /// Half-widths of the element's rows, bottom (dy = −reach) to top.
    package let halfWidths: [Int]
    package var signature: String { "\(operation) \(halfWidths)" }

    var reach: Int { halfWidths.count / 2 }
    var maxHalfWidth: Int { halfWidths.max() ?? 0 }

    /// The disc of pixels whose centres lie within `radius` of the output pixel's centre.
    package static func disc(_ operation: Operation, radius: Double) -> Morphology {
        let reach = Int(radius.rounded(.down))
        let rows = (-reach...reach).map { dy in Int((radius * radius - Double(dy * dy)).squareRoot().rounded(.down)) }
        return Morphology(operation: operation, name: "morphology\(operation == .maximum ? "Maximum" : "Minimum")", halfWidths: rows)
    }

    /// A (2·halfWidth + 1) × (2·halfHeight + 1) rectangle.
    package static func rectangle(_ operation: Operation, halfWidth: Int, halfHeight: Int) -> Morphology {
        Morphology(operation: operation, name: "morphologyRectangle\(operation == .maximum ? "Maximum" : "Minimum")",
                   halfWidths: [Int](repeating: halfWidth, count: 2 * halfHeight + 1))
    }

    package func extent(of inputs: [Image]) -> CGRect {
        let e = inputs[0].extent
        return e.isEffectivelyInfinite || e.isNull ? e : e.insetBy(dx: CGFloat(-maxHalfWidth), dy: CGFloat(-reach))
    }

    package func isOpaque(inputs: [Image]) -> Bool { inputs[0].isOpaque && inputs[0].extent.isEffectivelyInfinite }

    package func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { rect.outset(maxHalfWidth, reach) }

    /// Three row buffers (the input run, block prefixes, block suffixes) of width + 2·max half-width pixels.
    package func scratchFloats(width: Int, height: Int) -> Int { 3 * (width + 2 * maxHalfWidth + 1) * 4 }

    package func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        switch operation {
        case .maximum: render(Maximum.self, into: output, input: inputs[0], scratch: scratch)
        case .minimum: render(Minimum.self, into: output, input: inputs[0], scratch: scratch)
        }
    }

    /// The loop, specialised per operation so the comparisons compile to vector max/min instructions.
    @inline(__always)
    private func render<E: Extremum>(_: E.Type, into output: Tile, input: Tile, scratch: UnsafeMutablePointer<Float>) {
        let rect = output.rect
        let span = rect.width + 2 * maxHalfWidth + 1
        let prefix = UnsafeMutableRawPointer(scratch).bindMemory(to: SIMD4<Float>.self, capacity: span)
        let suffix = prefix + span
        for y in rect.y..<rect.maxY {
            if RenderStop.currentIsDue { return }
            let out = UnsafeMutableRawPointer(output.pointer(rect.x, y)).bindMemory(to: SIMD4<Float>.self, capacity: rect.width)
            for i in 0..<rect.width { out[i] = E.identity }
            for (k, h) in halfWidths.enumerated() {
                let window = 2 * h + 1, n = rect.width + 2 * h
                let row = UnsafeRawPointer(input.pointer(rect.x - h, y + k - reach)).bindMemory(to: SIMD4<Float>.self, capacity: n)
                if window == 1 {
                    for i in 0..<rect.width { out[i] = E.pick(out[i], row[i]) }
                    continue
                }
                // Blocks of `window` pixels: prefix[i] = extremum from the block's start to i, suffix[i] = from i
                // to the block's end; the window starting at i is suffix[i] ⊕ prefix[i + window − 1].
                var start = 0
                while start < n {
                    let end = min(start + window, n)
                    var acc = row[start]
                    prefix[start] = acc
                    var i = start + 1
                    while i < end { acc = E.pick(acc, row[i]); prefix[i] = acc; i += 1 }
                    acc = row[end - 1]
                    suffix[end - 1] = acc
                    i = end - 2
                    while i >= start { acc = E.pick(acc, row[i]); suffix[i] = acc; i -= 1 }
                    start = end
                }
                for i in 0..<rect.width { out[i] = E.pick(out[i], E.pick(suffix[i], prefix[i + window - 1])) }
            }
        }
    }
}

/// The two orders a morphology kernel can take extrema in (NaN-free lane-wise max/min that vectorise).
private protocol Extremum {
    static var identity: SIMD4<Float> { get }
    static func pick(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float>
}

private enum Maximum: Extremum {
    static let identity = SIMD4<Float>(repeating: -.infinity)
    @inline(__always) static func pick(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> { a.replacing(with: b, where: b .> a) }
}

private enum Minimum: Extremum {
    static let identity = SIMD4<Float>(repeating: .infinity)
    @inline(__always) static func pick(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> { a.replacing(with: b, where: b .< a) }
}
