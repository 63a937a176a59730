import Foundation

extension FilterCatalog {
    /// CIColorMap: each pixel's Rec. 709 luminance L (unpremultiplied, working space, clamped to 0…1) picks a
    /// colour from `inputGradientImage`: its middle row, sampled linearly at x = first pixel's centre +
    /// L·(width − 1), so black takes the first pixel and white the last. The picked (premultiplied) colour is
    /// multiplied by the pixel's alpha. The extent is the input's; a gradient image with an empty or infinite
    /// extent gives no output.
    static let colorMap = FilterDefinition(
        name: "CIColorMap", display: "Color Map",
        categories: [kCategory.colorEffect, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage],
        summary: "Performs a nonlinear transformation of source color values using mapping values provided in a table.",
        parameters: [
            .image(),
            FilterParameter("inputGradientImage", .image, type: "CIAttributeTypeGradient", display: "Gradient Image",
                            summary: "The image data from this image transforms the source image values."),
        ], mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image(), let gradient = args.image("inputGradientImage") else { return nil }
        let area = gradient.pixelExtent
        guard !area.isEmpty, !gradient.extent.isEffectivelyInfinite else { return nil }
        return image.applying(area: ColorMapKernel(gradient: area), [gradient])
    }
}

/// Looks each pixel's luminance up in a row of the gradient image (`CIColorMap`).
struct ColorMapKernel: AreaKernel {
    let gradient: PixelRect
    let name = "colorMap"
    var signature: String { "\(gradient)" }
    let arity = 2

    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { input == 0 ? rect : gradient }

    func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let source = inputs[0], table = inputs[1]
        let row = gradient.y + gradient.height / 2, last = gradient.width - 1
        for y in output.rect.y..<output.rect.maxY {
            var o = output.pointer(output.rect.x, y)
            for x in output.rect.x..<output.rect.maxX {
                let p = source.pixel(x, y)
                let l: Float = p.w > 0 ? min(max(Luma.of(p) / p.w, 0), 1) : 0
                let position = l * Float(last)
                let i = min(Int(position), max(last - 1, 0)), t = position - Float(i)
                let a = table.pixel(gradient.x + i, row), b = table.pixel(gradient.x + min(i + 1, last), row)
                let c = (a + (b - a) * t) * p.w
                o[0] = c.x; o[1] = c.y; o[2] = c.z; o[3] = c.w
                o += 4
            }
        }
    }
}
