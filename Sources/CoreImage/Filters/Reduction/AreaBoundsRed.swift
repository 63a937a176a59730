import Foundation

extension FilterCatalog {
    /// CIAreaBoundsRed: the bounding box of the pixels inside `inputExtent` (cut to the image's extent) whose
    /// premultiplied red is above zero, as one pixel at the area's origin holding (x, y, width, height) of the box
    /// relative to the area, each divided by the area's width or height (so the whole area is (0, 0, 1, 1)). Apple
    /// calls its box approximate; this one is exact to the pixel. No such pixel gives (0, 0, 0, 0).
    static let areaBoundsRed = FilterDefinition(
        name: "CIAreaBoundsRed", categories: [kCategory.reduction, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Calculates the approximate bounding box of pixels within the specified area of an image where the red component values are non-zero. The result is 1x1 pixel image where the RGBA values contain the normalized X,Y,W,H dimensions of the bounding box.",
        parameters: [.image(summary: "The image to process."), .reductionExtent()], mac: "15.0", iOS: "18"
    ) { args in
        guard let image = args.image(), let area = args.reductionArea(of: image) else { return nil }
        return image.reducing(RedBoundsKernel(area: area))
    }
}

/// The box of the pixels with red > 0: partials are the smallest and largest x and y seen.
struct RedBoundsKernel: ReductionKernel {
    let area: PixelRect
    let name = "areaBoundsRed"
    var signature: String { "\(area)" }
    var outputExtent: PixelRect { PixelRect(x: area.x, y: area.y, width: 1, height: 1) }
    /// Smallest x, smallest y, largest x, largest y.
    let partialCount = 4

    func initialize(_ partial: UnsafeMutablePointer<Double>) {
        (partial[0], partial[1], partial[2], partial[3]) = (.infinity, .infinity, -.infinity, -.infinity)
    }

    func accumulate(_ tile: Tile, into partial: UnsafeMutablePointer<Double>) {
        for y in tile.rect.y..<tile.rect.maxY {
            var p = tile.pointer(tile.rect.x, y)
            for x in tile.rect.x..<tile.rect.maxX {
                if p[0] > 0 {
                    partial[0] = min(partial[0], Double(x)); partial[1] = min(partial[1], Double(y))
                    partial[2] = max(partial[2], Double(x)); partial[3] = max(partial[3], Double(y))
                }
                p += 4
            }
        }
    }

    func combine(_ other: UnsafePointer<Double>, into partial: UnsafeMutablePointer<Double>) {
        partial[0] = min(partial[0], other[0]); partial[1] = min(partial[1], other[1])
        partial[2] = max(partial[2], other[2]); partial[3] = max(partial[3], other[3])
    }

    func finish(_ partial: UnsafePointer<Double>, into output: UnsafeMutablePointer<Float>) {
        guard partial[0] <= partial[2] else { (output[0], output[1], output[2], output[3]) = (0, 0, 0, 0); return }
        let w = Double(area.width), h = Double(area.height)
        output[0] = Float((partial[0] - Double(area.x)) / w)
        output[1] = Float((partial[1] - Double(area.y)) / h)
        output[2] = Float((partial[2] + 1 - partial[0]) / w)
        output[3] = Float((partial[3] + 1 - partial[1]) / h)
    }
}
