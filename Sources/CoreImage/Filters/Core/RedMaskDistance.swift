import Foundation

/// The exact Euclidean distance, between pixel centres, from each output pixel to the nearest pixel of a red mask
/// (premultiplied red > 0.5), normalised by a maximum distance (`CIDistanceGradientFromRedMask`,
/// `CISignedDistanceGradientFromRedMask`).
///
/// Only distances up to the maximum matter (beyond it the value is 1), so a tile needs the mask within
/// reach = ⌈maximum⌉ pixels of it: the kernel reads that region and runs a two-pass distance transform there
/// (per column the vertical distance to the nearest target pixel, then per row the lower envelope of parabolas of
/// Felzenszwalb and Huttenlocher), O(region) per tile. Distances within reach are exact, so results never depend
/// on the tile size. The output is opaque grey (v, v, v, 1) on an infinite extent.
struct RedMaskDistanceKernel: AreaKernel {
    /// The largest reach a tile reads (Apple's attribute maximum).
    static let maximumReach = 1000.0

    let maximum: Double
    let signed: Bool
    let name = "redMaskDistance"
    var signature: String { "\(maximum) \(signed)" }
    var reach: Int { Int(maximum.rounded(.up)) + 1 }

    init(maximum: Double, signed: Bool) {
        self.maximum = maximum.isNaN ? 0 : min(max(maximum, 0), Self.maximumReach)
        self.signed = signed
    }

    func extent(of inputs: [Image]) -> CGRect { .infinite }
    func isOpaque(inputs: [Image]) -> Bool { true }
    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { rect.outset(reach, reach) }
    func scratchFloats(width: Int, height: Int) -> Int {
        let w = width + 2 * reach, h = height + 2 * reach
        return w * h + 3 * w + 1 + width * height
    }

    func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0], r = reach
        let x0 = output.rect.x - r, y0 = output.rect.y - r
        let w = output.rect.width + 2 * r, h = output.rect.height + 2 * r
        let columns = scratch, envelope = scratch + w * h, outside = envelope + 3 * w + 1
        let inMask: (Int, Int) -> Bool = { x, y in input.pixel(x, y).x > 0.5 }
        // Outside the mask: the distance to the nearest mask pixel; inside it (signed only), to the nearest other.
        transform(target: { x, y in inMask(x, y) }, x0: x0, y0: y0, w: w, h: h, output: output, columns: columns, envelope: envelope, into: outside)
        let ow = output.rect.width
        for y in output.rect.y..<output.rect.maxY {
            var p = output.pointer(output.rect.x, y)
            for x in output.rect.x..<output.rect.maxX {
                let d = outside[(y - output.rect.y) * ow + (x - output.rect.x)]
                let v = normalised(d)
                p[0] = v; p[1] = v; p[2] = v; p[3] = 1
                p += 4
            }
        }
        guard signed else { return }
        transform(target: { x, y in !inMask(x, y) }, x0: x0, y0: y0, w: w, h: h, output: output, columns: columns, envelope: envelope, into: outside)
        for y in output.rect.y..<output.rect.maxY {
            var p = output.pointer(output.rect.x, y)
            for x in output.rect.x..<output.rect.maxX {
                if inMask(x, y) {
                    let v = -normalised(outside[(y - output.rect.y) * ow + (x - output.rect.x)])
                    p[0] = v; p[1] = v; p[2] = v
                }
                p += 4
            }
        }
    }

    /// d/maximum clamped to 1 (with a maximum of 0: 0 at distance 0, 1 elsewhere).
    private func normalised(_ d: Float) -> Float {
        if maximum <= 0 { return d > 0 ? 1 : 0 }
        return min(d / Float(maximum), 1)
    }

    /// Distances (pixels) from each output pixel to the nearest `target` pixel of the region, `.infinity` if none.
    private func transform(target: (Int, Int) -> Bool, x0: Int, y0: Int, w: Int, h: Int, output: Tile,
                           columns: UnsafeMutablePointer<Float>, envelope: UnsafeMutablePointer<Float>,
                           into result: UnsafeMutablePointer<Float>) {
        let far = Float.infinity
        // Pass 1: per column, the squared vertical distance to the nearest target pixel.
        for i in 0..<w {
            let column = columns + i * h
            var last = -1
            for j in 0..<h {
                if target(x0 + i, y0 + j) { last = j }
                column[j] = last < 0 ? far : Float(j - last)
            }
            last = -1
            for j in stride(from: h - 1, through: 0, by: -1) {
                if column[j] == 0 { last = j }
                if last >= 0 { column[j] = min(column[j], Float(last - j)) }
            }
            for j in 0..<h where column[j] < far { column[j] *= column[j] }
        }
        // Pass 2: per output row, the lower envelope of the parabolas (q − i)² + f(i) over the region's columns.
        let vertices = envelope, boundaries = envelope + w
        let ow = output.rect.width, oy = output.rect.y - y0, ox = output.rect.x - x0
        for row in 0..<output.rect.height {
            let j = row + oy
            var k = -1
            for i in 0..<w {
                let f = columns[i * h + j]
                guard f < far else { continue }
                let fi = Float(i)
                var s: Float = 0
                while k >= 0 {
                    let v = Int(vertices[k]), fv = columns[v * h + j], vf = Float(v)
                    s = ((f + fi * fi) - (fv + vf * vf)) / (2 * (fi - vf))
                    if s <= boundaries[k] { k -= 1 } else { break }
                }
                k += 1
                vertices[k] = fi
                boundaries[k] = k == 0 ? -far : s
                boundaries[k + 1] = far
            }
            var m = 0
            for c in 0..<ow {
                let q = Float(c + ox)
                guard k >= 0 else { result[row * ow + c] = far; continue }
                while m < k && boundaries[m + 1] < q { m += 1 }
                let v = vertices[m], dq = q - v
                result[row * ow + c] = (dq * dq + columns[Int(v) * h + j]).squareRoot()
            }
        }
    }
}
