import Foundation

extension FilterCatalog {
    /// CIRowAverage: for each row of `inputExtent`, the mean of the input's premultiplied pixels in that row
    /// (pixels outside the image count as clear): an image one pixel wide and as tall as the extent, at the
    /// extent's origin. An empty or infinite extent gives no output.
    static let rowAverage = FilterDefinition(
        name: "CIRowAverage", display: "Row Average", categories: [kCategory.reduction, kCategory.video, kCategory.stillImage],
        summary: "Calculates the average color for each row of the specified area in an image, returning the result in a 1D image.",
        parameters: [.image(), .rectangle(kCIInputExtentKey, [0, 0, 640, 80], summary: "A rectangle that specifies the subregion of the image that you want to process.")],
        mac: "10.5", iOS: "9"
    ) { args in
        guard let image = args.image() else { return nil }
        let area = PixelRect(covering: args.rect(kCIInputExtentKey))
        guard !area.isEmpty, !area.isInfinite else { return nil }
        return image.reducing(LineAverageKernel(area: area, rows: true))
    }
}

/// The mean of every row (`rows`) or every column of `area`: one output pixel per line, a column (rows) or a
/// row (columns) of pixels at the area's origin. Partial sums are kept per line in doubles.
struct LineAverageKernel: ReductionKernel {
    let area: PixelRect
    let rows: Bool
    var name: String { rows ? "rowAverage" : "columnAverage" }
    var signature: String { "\(area)" }
    var outputExtent: PixelRect { PixelRect(x: area.x, y: area.y, width: rows ? 1 : area.width, height: rows ? area.height : 1) }
    var partialCount: Int { 4 * (rows ? area.height : area.width) }

    func accumulate(_ tile: Tile, into partial: UnsafeMutablePointer<Double>) {
        for y in tile.rect.y..<tile.rect.maxY {
            var p = tile.pointer(tile.rect.x, y)
            for x in tile.rect.x..<tile.rect.maxX {
                let line = rows ? y - area.y : x - area.x
                let sum = partial + 4 * line
                sum[0] += Double(p[0]); sum[1] += Double(p[1]); sum[2] += Double(p[2]); sum[3] += Double(p[3])
                p += 4
            }
        }
    }

    func finish(_ partial: UnsafePointer<Double>, into output: UnsafeMutablePointer<Float>) {
        let n = Double(rows ? area.width : area.height)
        for i in 0..<partialCount { output[i] = Float(partial[i] / n) }
    }
}
