internal import CPixelKernels
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

struct AreaHistogramKernel: StoredByteReduction {
    let area: PixelRect
    let bins: Int
    let scale: Double
    let name = "areaHistogram"
    var signature: String { "\(area) \(bins) \(scale)" }
    var outputExtent: PixelRect { PixelRect(x: 0, y: 0, width: bins, height: 1) }
    var partialCount: Int { bins * 4 }

    func accumulate(_ tile: Tile, into partial: UnsafeMutablePointer<Double>) {
        // Counted in C into 32-bit counters per tile (a tile holds far fewer than 2³² pixels), then added.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: bins * 4) { counts in
            counts.initialize(repeating: 0)
            pk_ci_histogram(tile.base, tile.stride, Int32(tile.rect.width), Int32(tile.rect.height), Int32(bins), counts.baseAddress!)
            for i in 0..<(bins * 4) { partial[i] += Double(counts[i]) }
        }
    }

    func accumulate(_ source: StoredByteSource, rect: PixelRect, into partial: UnsafeMutablePointer<Double>) {
        let rows = source.rows(of: rect)
        let format = source.leaf.bitmap.format
        var map = format.loadMap
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: bins * 20) { counters in
            let counts = counters.baseAddress!
            counts.initialize(repeating: 0, count: bins * 4)
            withUnsafeBytes(of: &map) { m in
                source.leaf.decode8.withUnsafeBufferPointer { decode in
                    pk_ci_histogram_u8(rows.first, rows.step, Int32(format.componentCount), m.baseAddress!.assumingMemoryBound(to: Int8.self),
                                       decode.baseAddress, Int32(rect.width), Int32(rect.height), Int32(bins), counts, counts + bins * 4)
                }
            }
            for i in 0..<(bins * 4) { partial[i] += Double(counts[i]) }
        }
    }

    func finish(_ partial: UnsafePointer<Double>, into output: UnsafeMutablePointer<Float>) {
        let n = Double(area.area)
        for i in 0..<(bins * 4) { output[i] = Float(partial[i] / n * scale) }
    }
}
