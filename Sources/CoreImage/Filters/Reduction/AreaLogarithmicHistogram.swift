import Foundation

extension FilterCatalog {
    /// CIAreaLogarithmicHistogram: `CIAreaHistogram` with the red, green and blue values binned by their base-two
    /// logarithm. Of the pixels inside `inputExtent` (cut to the image's extent), each unpremultiplied R, G, B value
    /// v falls in bin ⌊(log₂ v − minimumStop) · count / (maximumStop − minimumStop)⌋, limited to the first and last
    /// bins (v ≤ 0 goes in the first); alpha is binned linearly over 0…1 as in `CIAreaHistogram` (Apple names only
    /// R, G and B as transformed). Each bin holds the fraction of the pixels in it times `inputScale`, so a
    /// channel's bins add up to the scale; output `count` × 1 pixels at (0, 0). A maximum stop not above the minimum
    /// gives no output.
    static let areaLogarithmicHistogram = FilterDefinition(
        name: "CIAreaLogarithmicHistogram", categories: [kCategory.reduction, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Calculates histogram of the R, G, B, and A channels of the specified area of an image. Before binning, the R, G, and B channel values are transformed by the log base two function. The output image is a one pixel tall image containing the histogram data for all four channels.",
        parameters: [
            .image(summary: "The image to process."),
            .reductionExtent("A rectangle that defines the extent of the effect."),
            .scalar(kCIInputScaleKey, 1, min: 0, sliderMin: 0, sliderMax: 1, summary: "The amount of the effect."),
            .scalar("inputCount", 64, min: 1, max: 2048, sliderMin: 10, sliderMax: 1000, summary: "The number of bins for the histogram. This value will determine the width of the output image."),
            .scalar("inputMinimumStop", -10, sliderMin: -12, sliderMax: -4, summary: "The minimum of the range of color channel values to be in the logarithmic histogram image."),
            .scalar("inputMaximumStop", 4, sliderMin: 0, sliderMax: 8, summary: "The maximum of the range of color channel values to be in the logarithmic histogram image."),
        ], mac: "13.0", iOS: "16"
    ) { args in
        guard let image = args.image(), let area = args.reductionArea(of: image) else { return nil }
        let low = args.number("inputMinimumStop"), high = args.number("inputMaximumStop")
        guard high > low else { return nil }
        let count = min(max(Int(args.number("inputCount")), 1), 2048)
        return image.reducing(LogarithmicHistogramKernel(area: area, bins: count, scale: args.number(kCIInputScaleKey),
                                                         minimumStop: low, maximumStop: high))
    }
}

/// Counts per bin and channel (R, G, B by log₂ between the stops, A linearly), divided by the pixel count.
struct LogarithmicHistogramKernel: ReductionKernel {
    let area: PixelRect
    let bins: Int
    let scale: Double
    let minimumStop: Double
    let maximumStop: Double
    let name = "areaLogarithmicHistogram"
    var signature: String { "\(area) \(bins) \(scale) \(minimumStop) \(maximumStop)" }
    var outputExtent: PixelRect { PixelRect(x: 0, y: 0, width: bins, height: 1) }
    var partialCount: Int { bins * 4 }

    /// The bin of an unpremultiplied colour value.
    @inline(__always)
    func colorBin(_ v: Float) -> Int {
        guard v > 0 else { return 0 }
        let t = (Double(log2(v)) - minimumStop) * Double(bins) / (maximumStop - minimumStop)
        guard t.isFinite else { return t > 0 ? bins - 1 : 0 }
        return min(max(Int(t.rounded(.down)), 0), bins - 1)
    }

    func accumulate(_ tile: Tile, into partial: UnsafeMutablePointer<Double>) {
        let top = Float(bins)
        for y in tile.rect.y..<tile.rect.maxY {
            var p = tile.pointer(tile.rect.x, y)
            for _ in 0..<tile.rect.width {
                let a = p[3]
                for c in 0..<3 { partial[colorBin(a > 0 ? p[c] / a : 0) * 4 + c] += 1 }
                partial[min(Int(min(max(a, 0), 1) * top), bins - 1) * 4 + 3] += 1
                p += 4
            }
        }
    }

    func finish(_ partial: UnsafePointer<Double>, into output: UnsafeMutablePointer<Float>) {
        let n = Double(area.area)
        for i in 0..<(bins * 4) { output[i] = Float(partial[i] / n * scale) }
    }
}
