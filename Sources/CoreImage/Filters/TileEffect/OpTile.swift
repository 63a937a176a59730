import Foundation

extension FilterCatalog {
    /// CIOpTile: the plane is cut into square tiles of side `inputWidth` (turned by `inputAngle`, one tile
    /// centred on `inputCenter`), and each tile shows the input around the tile's own centre c scaled down by
    /// `inputScale`: a point p samples the input at c + scale·(p − c). Scale 1 is the identity (Apple's
    /// identity value); larger scales put a smaller copy of each neighbourhood in every tile, the "op art"
    /// look. Apple publishes the parameters, not the formula; this is the choice made here.
    ///
    /// The extent is the input's grown by (1 + scale)·width/√2 (the farthest a tile can reach); the region of
    /// interest of an output rectangle is the rectangle grown by the same amount. A width ≤ 0 gives an
    /// empty image.
    static let opTile = FilterDefinition(
        name: "CIOpTile", display: "Op Tile", categories: TileGeometry.categories,
        summary: "Segments an image, applying any specified scaling and rotation, and then assembles the image again to give an op art appearance.",
        parameters: [
            .image(),
            TileGeometry.centre("The x and y position to use as the center of the effect."),
            .scalar(kCIInputScaleKey, 2.8, min: 0, sliderMin: 0.1, sliderMax: 10, identity: 1,
                    summary: "The scale determines the number of tiles in the effect."),
            .angle(kCIInputAngleKey, 0, summary: "The angle of a tile."),
            .distance(kCIInputWidthKey, 65, min: 0, sliderMin: 1, sliderMax: 1000, identity: 65, summary: "The width of a tile."),
        ], mac: "10.5", iOS: "9"
    ) { args in
        guard let image = args.image() else { return nil }
        guard let lattice = TileGeometry.lattice(args, between: Double.pi / 2) else { return Image.empty }
        let scale = args.number(kCIInputScaleKey), width = args.number(kCIInputWidthKey)
        let reach = (1 + scale) * width / 2.0.squareRoot()
        let grow = Int(reach.rounded(.up)) + 2
        let source = image.extent.isEffectivelyInfinite ? PixelRect.infinite : image.pixelExtent.outset(2, 2)
        let kernel = TileWarp(name: "opTile", signature: "\(lattice) \(scale)", sampling: image.samplingMode, source: source,
                              roi: { rect in rect.outset(grow, grow) }) { p in
            let uv = lattice.coordinates(p)
            let centre = lattice.point(SIMD2(uv.x.rounded(), uv.y.rounded()))
            return (centre + scale * (p - centre), 1)
        }
        let tiled = image.applying(area: kernel)
        return image.extent.isEffectivelyInfinite ? tiled : tiled.cropped(to: image.extent.insetBy(dx: -CGFloat(reach), dy: -CGFloat(reach)))
    }
}
