internal import CPixelKernels
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

/// The per-component median of each pixel's 3 × 3 neighbourhood (`CIMedianFilter`), by sorted columns shared
/// between neighbours (C, vectorised: `pk_ci_median3x3`).
struct MedianKernel: AreaKernel {
    let name = "median3x3"
    let signature = ""

    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { rect.outset(1, 1) }

    /// Three sorted-column rows (minimum, median, maximum) of width + 2 pixels.
    func scratchFloats(width: Int, height: Int) -> Int { 12 * (width + 2) }

    func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0], rect = output.rect
        // Bands of rows, so a stop request takes effect between them.
        let band = 64
        var y = rect.y
        while y < rect.maxY {
            if RenderStop.currentIsDue { return }
            let rows = min(band, rect.maxY - y)
            pk_ci_median3x3(input.pointer(rect.x - 1, y - 1), input.stride, output.pointer(rect.x, y), output.stride,
                            Int32(rect.width), Int32(rows), scratch)
            y += rows
        }
    }
}
