import Foundation

extension FilterCatalog {
    /// CIGlassDistortion: the texture is a height field seen through glass. Its height at a pixel is the linear
    /// Rec. 709 luminance of its unpremultiplied colour (limited to 0…1); the texture (a finite image) is repeated over the plane
    /// with the centre of its extent on `inputCenter`. Each output pixel p shows the input at
    /// p + scale·(∂h/∂x, ∂h/∂y), the slopes taken as central differences of the texture pixels around the one under
    /// p (an infinite texture is read in place, not repeated). The extent is the input's. Apple says only that the
    /// texture's raised portions distort the image; this displacement is the one chosen here.
    static let glassDistortion = FilterDefinition(
        name: "CIGlassDistortion", display: "Glass Distortion", categories: RadialDistortion.categories,
        summary: "Distorts an image by applying a glass-like texture.",
        parameters: [
            .image(),
            .image("inputTexture", summary: "A texture to apply to the source image."),
            RadialDistortion.centre(),
            .distance(kCIInputScaleKey, 200, min: 0, sliderMin: 0.01, sliderMax: 500, identity: 0,
                      summary: "The amount of texturing of the resulting image. The larger the value, the greater the texturing."),
        ], mac: "10.4", iOS: "8"
    ) { args in
        guard let image = args.image(), let texture = args.image("inputTexture") else { return nil }
        let scale = args.number(kCIInputScaleKey)
        guard scale != 0 else { return image }
        let c = args.point(kCIInputCenterKey)
        let tex = texture.extent
        let finite = !tex.isNull && !tex.isEmpty && !tex.isEffectivelyInfinite
        let cells = finite ? PixelRect(covering: tex) : PixelRect.infinite
        // Texture pixel under output pixel (x, y): shifted so the texture's middle sits on the centre, then wrapped.
        let shift = finite ? (Int((Double(c.x) - Double(tex.midX)).rounded(.down)), Int((Double(c.y) - Double(tex.midY)).rounded(.down))) : (0, 0)
        @Sendable func height(_ tile: Tile, _ x: Int, _ y: Int) -> Double {
            let i = finite ? TileWarp.wrap(x - shift.0, cells.x, cells.width) : x
            let j = finite ? TileWarp.wrap(y - shift.1, cells.y, cells.height) : y
            var m = tile.pixel(i, j)
            if m.w > 0 { m /= m.w } else { m = .zero }
            return Double(min(max(m.x * 0.2125 + m.y * 0.7154 + m.z * 0.0721, 0), 1))
        }
        let kernel = DisplacementWarp(name: "glassDistortion", signature: "\(scale) \(shift) \(cells)", sampling: image.samplingMode,
                                      reach: abs(scale), extent: image.extent,
                                      roi: { finite ? cells : $0.outset(1, 1) }) { tile, x, y in
            SIMD2(scale * (height(tile, x + 1, y) - height(tile, x - 1, y)) / 2, scale * (height(tile, x, y + 1) - height(tile, x, y - 1)) / 2)
        }
        return image.applying(area: kernel, [texture])
    }
}
