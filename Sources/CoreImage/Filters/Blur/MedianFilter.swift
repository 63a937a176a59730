import Foundation

extension FilterCatalog {
    /// CIMedianFilter: each premultiplied component becomes the median of its 3 × 3 neighbourhood (Apple's
    /// filter works on the same neighbourhood), removing isolated specks while keeping edges. Neighbours beyond
    /// the input's extent repeat its edge pixels; the extent is the input's.
    static let medianFilter = FilterDefinition(
        name: "CIMedianFilter", display: "Median", categories: [kCategory.blur, kCategory.stillImage, kCategory.video],
        summary: "Computes the median value for a group of neighboring pixels and replaces each pixel value in the image by the median.",
        parameters: [.image()], mac: "10.4", iOS: "9"
    ) { args in
        guard let image = args.image() else { return nil }
        let source = image.extent.isEffectivelyInfinite ? image : image.clamped(to: image.extent)
        return source.applying(area: MedianKernel()).cropped(to: image.extent)
    }
}

/// The per-component median of each pixel's 3 × 3 neighbourhood (`CIMedianFilter`).
struct MedianKernel: AreaKernel {
    let name = "median3x3"
    let signature = ""

    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { rect.outset(1, 1) }

    func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0]
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 9) { values in
            for y in output.rect.y..<output.rect.maxY {
                var p = output.pointer(output.rect.x, y)
                for x in output.rect.x..<output.rect.maxX {
                    for c in 0..<4 {
                        var k = 0
                        for dy in -1...1 { for dx in -1...1 { values[k] = input.pixel(x + dx, y + dy)[c]; k += 1 } }
                        p[c] = MedianKernel.median(values)
                    }
                    p += 4
                }
            }
        }
    }

    /// The median of nine values (insertion sort in place, then the middle one).
    static func median(_ v: UnsafeMutableBufferPointer<Float>) -> Float {
        for i in 1..<9 {
            let value = v[i]
            var j = i - 1
            while j >= 0, v[j] > value { v[j + 1] = v[j]; j -= 1 }
            v[j + 1] = value
        }
        return v[4]
    }
}
