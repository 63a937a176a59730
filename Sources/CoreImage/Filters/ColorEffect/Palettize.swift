import Foundation

extension FilterCatalog {
    /// CIPalettize: every pixel takes the colour of the nearest entry of `inputPaletteImage` (every pixel of the
    /// palette's extent, typically `CIKMeans`'s N × 1 output; see ``Palette``), measured in the linear working space
    /// or, with `inputPerceptual`, in L*a*b*. The pixel keeps its own alpha (the palette's alpha, a k-means weight,
    /// is ignored). A palette with an infinite or empty extent, or more than 1024 pixels, gives no output.
    static let palettize = FilterDefinition(
        name: "CIPalettize", categories: [kCategory.colorEffect, kCategory.video, kCategory.stillImage],
        summary: "Paint an image from a color palette obtained using “CIKMeans“.",
        parameters: [
            .image(),
            FilterParameter("inputPaletteImage", .image, type: "CIAttributeTypeImage", summary: "The input color palette, obtained using “CIKMeans“ filter."),
            .perceptualFlag(),
        ], mac: "10.15", iOS: "13"
    ) { args in
        guard let image = args.image(), let palette = args.image("inputPaletteImage"), let rect = Palette.rect(of: palette) else { return nil }
        return image.applying(area: PalettizeKernel(palette: rect, perceptual: args.bool("inputPerceptual")), [palette])
    }
}

extension FilterParameter {
    /// `inputPerceptual` of the palette filters: a boolean, false by default (no slider range in Apple's attributes).
    static func perceptualFlag() -> FilterParameter {
        .scalar("inputPerceptual", 0, type: "CIAttributeTypeBoolean", min: 0, max: 1,
                summary: "Specifies whether the color palette should be applied in a perceptual color space.")
    }
}

extension Palette {
    /// The pixel rectangle of a usable palette image: finite, not empty, at most ``maximumCount`` pixels.
    static func rect(of palette: Image) -> PixelRect? {
        guard !palette.extent.isEffectivelyInfinite else { return nil }
        let rect = palette.pixelExtent
        guard !rect.isEmpty, rect.area <= maximumCount else { return nil }
        return rect
    }
}

/// Input 0 mapped to the nearest colour of input 1 (the palette, read whole for every tile into arena scratch, so
/// nothing is allocated per tile).
struct PalettizeKernel: AreaKernel {
    let palette: PixelRect
    let perceptual: Bool
    let name = "palettize"
    var signature: String { "\(palette) \(perceptual)" }
    var arity: Int { 2 }

    func isOpaque(inputs: [Image]) -> Bool { inputs[0].isOpaque }
    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { input == 0 ? rect : palette }
    /// The palette's colours (4 floats each) and distance keys (3 each).
    func scratchFloats(width: Int, height: Int) -> Int { palette.area * 7 }

    func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let count = palette.area
        let colors = scratch, keys = scratch + count * 4
        let space = Palette(perceptual: perceptual)
        var i = 0
        for y in palette.y..<palette.maxY {
            for x in palette.x..<palette.maxX {
                let c = Palette.unpremultiplied(inputs[1].pixel(x, y)), k = space.key(c)
                (colors[i * 4], colors[i * 4 + 1], colors[i * 4 + 2], colors[i * 4 + 3]) = (c.x, c.y, c.z, c.w)
                (keys[i * 3], keys[i * 3 + 1], keys[i * 3 + 2]) = (k.x, k.y, k.z)
                i += 1
            }
        }
        let input = inputs[0]
        for y in output.rect.y..<output.rect.maxY {
            var p = output.pointer(output.rect.x, y)
            for x in output.rect.x..<output.rect.maxX {
                let v = input.pixel(x, y)
                let k = space.key(Palette.unpremultiplied(v))
                var best = 0, bestDistance = Float.infinity
                for j in 0..<count {
                    let d = SIMD3(keys[j * 3], keys[j * 3 + 1], keys[j * 3 + 2]) - k
                    let distance = (d * d).sum()
                    if distance < bestDistance { best = j; bestDistance = distance }
                }
                let c = colors + best * 4
                p[0] = c[0] * v.w; p[1] = c[1] * v.w; p[2] = c[2] * v.w; p[3] = v.w
                p += 4
            }
        }
    }
}
