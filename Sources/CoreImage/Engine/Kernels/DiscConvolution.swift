import Foundation

/// The mean over a disc of radius r (pixels whose centres lie within r of the output pixel's centre):
/// `CIDiscBlur`. Each output row sums, for every dy, a horizontal run read from per-row prefix sums, so the cost
/// grows with r rather than r².
package struct DiscConvolution: AreaKernel {
    package let radius: Double
    package let name = "discBlur"
    package var signature: String { "r=\(radius)" }
    let reach: Int
    /// Half-widths of the disc's rows, for dy = −reach…reach.
    let halfWidths: [Int]
    let count: Float

    package init(radius: Double) {
        self.radius = radius
        reach = Int(radius.rounded(.down))
        halfWidths = (-reach...reach).map { dy in Int((radius * radius - Double(dy * dy)).squareRoot().rounded(.down)) }
        count = Float(halfWidths.reduce(0) { $0 + 2 * $1 + 1 })
    }

    package func extent(of inputs: [Image]) -> CGRect {
        let e = inputs[0].extent
        return e.isEffectivelyInfinite || e.isNull ? e : e.insetBy(dx: CGFloat(-reach), dy: CGFloat(-reach))
    }

    package func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { rect.outset(reach, reach) }

    /// Prefix sums of every input row of interest (doubles would be overkill: partial sums stay small).
    package func scratchFloats(width: Int, height: Int) -> Int { (width + 2 * reach + 1) * (height + 2 * reach) * 4 }

    package func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0], rect = output.rect
        let rowLength = rect.width + 2 * reach + 1
        // prefix[row][i] = sum of input pixels x0 … x0 + i − 1 on that row, x0 = rect.x − reach.
        for row in 0..<(rect.height + 2 * reach) {
            let y = rect.y - reach + row
            let prefix = scratch + row * rowLength * 4
            var sum = SIMD4<Float>.zero
            prefix.update(repeating: 0, count: 4)
            for i in 0..<(rowLength - 1) {
                sum += input.pixel(rect.x - reach + i, y)
                let p = prefix + (i + 1) * 4
                p[0] = sum.x; p[1] = sum.y; p[2] = sum.z; p[3] = sum.w
            }
        }
        let inverse = 1 / count
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                var total = SIMD4<Float>.zero
                for (k, half) in halfWidths.enumerated() {
                    let row = y - rect.y + k
                    let prefix = scratch + row * rowLength * 4
                    let a = prefix + (x - rect.x + reach - half) * 4, b = prefix + (x - rect.x + reach + half + 1) * 4
                    total += SIMD4(b[0] - a[0], b[1] - a[1], b[2] - a[2], b[3] - a[3])
                }
                total *= inverse
                let p = output.pointer(x, y)
                p[0] = total.x; p[1] = total.y; p[2] = total.z; p[3] = total.w
            }
        }
    }
}
