import Foundation

extension FilterCatalog {
    /// CIAreaAverage: the mean of the premultiplied pixels of the input inside `inputExtent` (pixels outside the
    /// image count as clear), as one pixel at the extent's origin.
    static let areaAverage = FilterDefinition(
        name: "CIAreaAverage", categories: [kCategory.reduction, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Returns a single-pixel image that contains the average color for the region of interest.",
        parameters: [.image(), .rectangle(kCIInputExtentKey, [0, 0, 640, 80], summary: "A rectangle that specifies the subregion of the image that you want to process.")],
        mac: "10.5", iOS: "9"
    ) { args in
        guard let image = args.image() else { return nil }
        let area = PixelRect(covering: args.rect(kCIInputExtentKey))
        guard !area.isEmpty, !area.isInfinite else { return nil }
        return image.reducing(AreaAverageKernel(area: area))
    }
}

struct AreaAverageKernel: ReductionKernel {
    let area: PixelRect
    let name = "areaAverage"
    var signature: String { "\(area)" }
    var outputExtent: PixelRect { PixelRect(x: area.x, y: area.y, width: 1, height: 1) }
    let partialCount = 4

    func accumulate(_ tile: Tile, into partial: UnsafeMutablePointer<Double>) {
        for y in tile.rect.y..<tile.rect.maxY {
            var row = SIMD4<Double>.zero
            var p = tile.pointer(tile.rect.x, y)
            for _ in 0..<tile.rect.width {
                row += SIMD4(Double(p[0]), Double(p[1]), Double(p[2]), Double(p[3]))
                p += 4
            }
            for c in 0..<4 { partial[c] += row[c] }
        }
    }

    func finish(_ partial: UnsafePointer<Double>, into output: UnsafeMutablePointer<Float>) {
        let n = Double(area.area)
        for c in 0..<4 { output[c] = Float(partial[c] / n) }
    }
}
