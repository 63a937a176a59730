internal import CPixelKernels
import Foundation

/// Grey-scale dilation or erosion with a flat structuring element (`CIMorphologyMaximum`/`Minimum`, the
/// rectangle variants, and the two halves of `CIMorphologyGradient`): each premultiplied component of the output
/// is the maximum (or minimum) of that component over the element centred on the pixel. Pixels outside the input
/// are clear, so erosion eats a border of the element's reach at the image's edges (clamp first to avoid it).
///
/// The element is given by its rows: for dy = −reach…reach, the half-width of the run of pixels it covers. Each
/// input row's 1-D running extremum (shifted comparisons for short runs, van Herk / Gil-Werman blocks for long
/// ones) is computed once per distinct half-width and shared by the output rows that read it (C, vectorised:
/// `pk_ci_morphology`), so a rectangle costs about one horizontal and one vertical pass.
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

    /// Whether a tile `width` wide keeps every input row's extremum per distinct half-width in a ring (at most
    /// 4 MiB of ring per worker; larger elements recompute each element row).
    func cachesRows(width: Int) -> Bool {
        let distinct = Set(halfWidths).count
        return distinct * halfWidths.count * width * 16 <= 4 << 20
    }

    package func scratchFloats(width: Int, height: Int) -> Int {
        let rows = halfWidths.map(Int32.init)
        return rows.withUnsafeBufferPointer {
            pk_ci_morphology_scratch(Int32(width), $0.baseAddress, Int32(rows.count), Int32(maxHalfWidth), cachesRows(width: width) ? 1 : 0)
        }
    }

    package func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0], rect = output.rect
        let rows = halfWidths.map(Int32.init)
        let cached: Int32 = cachesRows(width: rect.width) ? 1 : 0
        // Bands of rows, so a stop request takes effect between them (the ring restarts per band).
        let band = max(64, 4 * halfWidths.count)
        var y = rect.y
        rows.withUnsafeBufferPointer { widths in
            while y < rect.maxY {
                if RenderStop.currentIsDue { return }
                let count = min(band, rect.maxY - y)
                pk_ci_morphology(input.pointer(rect.x - maxHalfWidth, y - reach), input.stride, output.pointer(rect.x, y), output.stride,
                                 Int32(rect.width), Int32(count), widths.baseAddress, Int32(widths.count), Int32(maxHalfWidth),
                                 operation == .maximum ? 1 : 0, cached, scratch)
                y += count
            }
        }
    }
}
