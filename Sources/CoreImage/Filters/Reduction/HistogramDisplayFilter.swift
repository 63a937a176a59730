import Foundation

extension FilterCatalog {
    /// CIHistogramDisplayFilter: draws a histogram image (a row of bins such as `CIAreaHistogram`'s output, read
    /// from the input's bottom row) as bars: an opaque image as wide as the input and `inputHeight` (rounded) pixels
    /// high, from the input's lower-left corner. In column i each of red, green and blue is 1 in the rows whose
    /// centre lies below bin i's value of that channel times the height (a value of 1 fills the column), else 0;
    /// overlapping bars mix additively, so all three give white. Apple does not publish how much darker or lighter
    /// its limits make the bars: here the columns whose centre lies left of `inputLowLimit` × width are halved
    /// (c / 2) and those right of `inputHighLimit` × width brightened (½ + c / 2). An input with an infinite or
    /// empty extent gives no output. Apple's attributes give no macOS release for this filter ("10.?").
    static let histogramDisplayFilter = FilterDefinition(
        name: "CIHistogramDisplayFilter", display: "Histogram Display", categories: [kCategory.reduction, kCategory.video, kCategory.stillImage],
        summary: "Generates a displayable histogram image from the output of the “Area Histogram” filter.",
        parameters: [
            .image(),
            .scalar("inputHeight", 100, min: 1, max: 200, sliderMin: 1, sliderMax: 100, summary: "The height of the displayable histogram image."),
            .scalar("inputHighLimit", 1, min: 0, max: 1, sliderMin: 0, sliderMax: 1, summary: "The fraction of the right portion of the histogram image to make lighter."),
            .scalar("inputLowLimit", 0, min: 0, max: 1, sliderMin: 0, sliderMax: 1, summary: "The fraction of the left portion of the histogram image to make darker"),
        ], mac: "10.?", iOS: "8"
    ) { args in
        guard let image = args.image(), !image.extent.isEffectivelyInfinite else { return nil }
        let bins = image.pixelExtent
        guard !bins.isEmpty else { return nil }
        let height = min(max(Int(args.number("inputHeight").rounded()), 1), 200)
        return image.applying(area: HistogramBarsKernel(bins: bins, height: height, lowLimit: args.number("inputLowLimit"),
                                                        highLimit: args.number("inputHighLimit")))
    }
}

/// Bars of the bottom row of `bins`, `height` pixels high (see `CIHistogramDisplayFilter`).
struct HistogramBarsKernel: AreaKernel {
    let bins: PixelRect
    let height: Int
    let lowLimit: Double
    let highLimit: Double
    let name = "histogramDisplay"
    var signature: String { "\(bins) \(height) \(lowLimit) \(highLimit)" }

    var outputRect: PixelRect { PixelRect(x: bins.x, y: bins.y, width: bins.width, height: height) }
    func extent(of inputs: [Image]) -> CGRect { outputRect.cgRect }
    func isOpaque(inputs: [Image]) -> Bool { true }
    var samplesInputsWithBoundsChecks: Bool { true }

    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect {
        let columns = rect.intersection(PixelRect(x: bins.x, y: rect.y, width: bins.width, height: max(rect.height, 1)))
        guard !columns.isEmpty else { return .empty }
        return PixelRect(x: columns.x, y: bins.y, width: columns.width, height: 1)
    }

    func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0], area = outputRect
        let lowEdge = Double(bins.x) + lowLimit * Double(bins.width), highEdge = Double(bins.x) + highLimit * Double(bins.width)
        for y in output.rect.y..<output.rect.maxY {
            let rowCentre = Float(y - bins.y) + 0.5
            var p = output.pointer(output.rect.x, y)
            for x in output.rect.x..<output.rect.maxX {
                defer { p += 4 }
                guard x >= area.x, x < area.maxX, y >= area.y, y < area.maxY else { p[0] = 0; p[1] = 0; p[2] = 0; p[3] = 0; continue }
                let bin = input.pixel(x, bins.y)
                var colour = SIMD3<Float>(rowCentre < bin.x * Float(height) ? 1 : 0, rowCentre < bin.y * Float(height) ? 1 : 0,
                                          rowCentre < bin.z * Float(height) ? 1 : 0)
                let centre = Double(x) + 0.5
                if centre < lowEdge { colour *= 0.5 } else if centre > highEdge { colour = colour * 0.5 + 0.5 }
                p[0] = colour.x; p[1] = colour.y; p[2] = colour.z; p[3] = 1
            }
        }
    }
}
