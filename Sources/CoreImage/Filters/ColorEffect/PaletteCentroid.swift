import Foundation

extension FilterCatalog {
    /// CIPaletteCentroid: where each palette colour lies in the image. Every pixel of the (finite) input is given
    /// to its nearest entry of `inputPaletteImage` (as `CIPalettize` does; fully clear pixels are skipped), and
    /// the output, over the palette's extent, holds for each entry the mean x and y of its pixels' centres in red
    /// and green, the fraction of the image's pixels it received in blue, alpha 1 (zeros for an entry that
    /// received none). Apple says only that the filter computes the entries' mean (x, y) coordinates; the blue
    /// weight and the empty-entry rule are choices made here. An infinite input, or a palette `CIPalettize`
    /// refuses, gives no output.
    static let paletteCentroid = FilterDefinition(
        name: "CIPaletteCentroid", categories: [kCategory.colorEffect, kCategory.video, kCategory.stillImage],
        summary: "Calculate the mean (x,y) image coordinates of a color palette.",
        parameters: [
            .image(),
            FilterParameter("inputPaletteImage", .image, type: "CIAttributeTypeImage", summary: "The input color palette, obtained using “CIKMeans“ filter."),
            .perceptualFlag(),
        ], mac: "10.15", iOS: "13"
    ) { args in
        guard let image = args.image(), !image.extent.isEffectivelyInfinite, let palette = args.image("inputPaletteImage"),
              let rect = Palette.rect(of: palette) else { return nil }
        let area = image.pixelExtent
        guard !area.isEmpty else { return nil }
        let processor = PaletteCentroidProcessor(area: area, palette: rect, perceptual: args.bool("inputPerceptual"))
        return Image(.processor(processor, [image, palette]), extent: rect.cgRect, isOpaque: false)
    }
}

/// The centroid of every palette entry's pixels, over whole float buffers of the image and the palette.
struct PaletteCentroidProcessor: ImageProcessor {
    let area: PixelRect
    let palette: PixelRect
    let perceptual: Bool
    let name = "paletteCentroid"
    var argumentDigest: String { "\(area) \(palette) \(perceptual)" }
    var outputFormat: PixelFormat? { .rgbaf }
    func inputFormat(_ index: Int) -> PixelFormat? { .rgbaf }
    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { input == 0 ? area : palette }

    /// The premultiplied float pixel (`x`, `y`) of a bottom-up RGBAf buffer.
    static func pixel(_ buffer: ProcessorBuffer, _ x: Int, _ y: Int) -> SIMD4<Float> {
        guard buffer.region.contains(PixelRect(x: x, y: y, width: 1, height: 1)) else { return .zero }
        let row = buffer.base + (y - buffer.region.y) * buffer.bytesPerRow
        let p = (row + (x - buffer.region.x) * 16).assumingMemoryBound(to: Float.self)
        return SIMD4(p[0], p[1], p[2], p[3])
    }

    func process(inputs: [ProcessorBuffer], output: ProcessorBuffer) throws {
        var colors = Palette(perceptual: perceptual)
        for y in palette.y..<palette.maxY {
            for x in palette.x..<palette.maxX { colors.append(Palette.unpremultiplied(Self.pixel(inputs[1], x, y))) }
        }
        var sums = [SIMD3<Double>](repeating: .zero, count: colors.colors.count)
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                let p = Self.pixel(inputs[0], x, y)
                guard p.w > 0 else { continue }
                let i = colors.nearest(Palette.unpremultiplied(p))
                sums[i] += SIMD3(Double(x) + 0.5, Double(y) + 0.5, 1)
            }
        }
        let total = Double(area.area)
        for y in output.region.y..<output.region.maxY {
            let row = (output.base + (y - output.region.y) * output.bytesPerRow).assumingMemoryBound(to: Float.self)
            for x in output.region.x..<output.region.maxX {
                let out = row + (x - output.region.x) * 4
                let inside = x >= palette.x && x < palette.maxX && y >= palette.y && y < palette.maxY
                let s = inside ? sums[(y - palette.y) * palette.width + (x - palette.x)] : .zero
                if s.z > 0 {
                    (out[0], out[1], out[2], out[3]) = (Float(s.x / s.z), Float(s.y / s.z), Float(s.z / total), 1)
                } else {
                    (out[0], out[1], out[2], out[3]) = (0, 0, 0, 0)
                }
            }
        }
    }
}
