import Foundation

extension FilterCatalog {
    /// CIAreaHistogram: for each of R, G, B, A, the fraction of the pixels inside `inputExtent` whose unpremultiplied
    /// value (clamped to [0, 1]) falls in each of `inputCount` equal bins, times `inputScale`; output `count` × 1
    /// pixels at (0, 0), pixel i holding bin i of each channel.
    static let areaHistogram = FilterDefinition(
        name: "CIAreaHistogram", categories: [kCategory.reduction, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Returns a histogram of a specified area of the image.",
        parameters: [
            .image(),
            .rectangle(kCIInputExtentKey, [0, 0, 640, 80], summary: "A rectangle that, after intersection with the image extent, specifies the subregion of the image that you want to process."),
            .scalar(kCIInputScaleKey, 1, min: 0, sliderMin: 0, sliderMax: 1, summary: "The scale value to use for the histogram values. If the scale is 1.0, then the bins in the resulting image will add up to 1.0."),
            .scalar("inputCount", 64, min: 1, max: 2048, sliderMin: 10, sliderMax: 1000, summary: "The number of bins for the histogram. This value will determine the width of the output image."),
        ], mac: "10.5", iOS: "8"
    ) { args in
        guard let image = args.image() else { return nil }
        var area = PixelRect(covering: args.rect(kCIInputExtentKey))
        if !image.extent.isEffectivelyInfinite { area = area.intersection(image.pixelExtent) }
        guard !area.isEmpty, !area.isInfinite else { return nil }
        let count = min(max(Int(args.number("inputCount")), 1), 2048)
        return image.reducing(AreaHistogramKernel(area: area, bins: count, scale: args.number(kCIInputScaleKey)))
    }
}

struct AreaHistogramKernel: ReductionKernel {
    let area: PixelRect
    let bins: Int
    let scale: Double
    let name = "areaHistogram"
    var signature: String { "\(area) \(bins) \(scale)" }
    var outputExtent: PixelRect { PixelRect(x: 0, y: 0, width: bins, height: 1) }
    var partialCount: Int { bins * 4 }

    func accumulate(_ tile: Tile, into partial: UnsafeMutablePointer<Double>) {
        let top = Float(bins)
        for y in tile.rect.y..<tile.rect.maxY {
            var p = tile.pointer(tile.rect.x, y)
            for _ in 0..<tile.rect.width {
                let a = p[3]
                for c in 0..<4 {
                    let v = c == 3 ? a : (a > 0 ? p[c] / a : 0)
                    let bin = min(Int(min(max(v, 0), 1) * top), bins - 1)
                    partial[bin * 4 + c] += 1
                }
                p += 4
            }
        }
    }

    func finish(_ partial: UnsafePointer<Double>, into output: UnsafeMutablePointer<Float>) {
        let n = Double(area.area)
        for i in 0..<(bins * 4) { output[i] = Float(partial[i] / n * scale) }
    }
}
