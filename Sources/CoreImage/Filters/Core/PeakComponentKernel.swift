import Foundation

/// The largest unpremultiplied colour component, max(r, g, b), over the pixels of `area` with alpha > 0 (NaN and
/// infinite components skipped): one opaque pixel at the area's origin holding it in red, green and blue (0 for
/// an area without such pixels). Maxima are exact, so the result does not depend on tiling or thread count.
/// `CISystemToneMap` reads an image's peak from it.
struct PeakComponentKernel: ReductionKernel {
    let area: PixelRect
    let name = "peakComponent"
    var signature: String { "\(area)" }
    var outputExtent: PixelRect { PixelRect(x: area.x, y: area.y, width: 1, height: 1) }
    let partialCount = 1

    func initialize(_ partial: UnsafeMutablePointer<Double>) { partial[0] = 0 }

    func accumulate(_ tile: Tile, into partial: UnsafeMutablePointer<Double>) {
        var peak: Float = 0
        for y in tile.rect.y..<tile.rect.maxY {
            var p = tile.pointer(tile.rect.x, y)
            for _ in 0..<tile.rect.width {
                let a = p[3]
                if a > 0 {
                    for c in 0..<3 where p[c].isFinite { peak = max(peak, p[c] / a) }
                }
                p += 4
            }
        }
        partial[0] = max(partial[0], Double(peak))
    }

    func combine(_ other: UnsafePointer<Double>, into partial: UnsafeMutablePointer<Double>) { partial[0] = max(partial[0], other[0]) }

    func finish(_ partial: UnsafePointer<Double>, into output: UnsafeMutablePointer<Float>) {
        let v = Float(partial[0])
        (output[0], output[1], output[2], output[3]) = (v, v, v, 1)
    }
}
