import Foundation

extension FilterCatalog {
    /// CISixfoldRotatedTile: hexagonal tiles (`inputWidth` across the flats, a flat facing `inputAngle`) on the
    /// 60° lattice through `inputCenter`; inside each, the 60° sector of the hexagon starting at `inputAngle`
    /// is repeated rotated by multiples of 60° about the tile's centre.
    static let sixfoldRotatedTile = FilterDefinition(
        name: "CISixfoldRotatedTile", display: "Sixfold Rotated Tile", categories: TileGeometry.categories,
        summary: "Produces a tiled image from a source image by rotating the source image at increments of 60 degrees.",
        parameters: [.image(), TileGeometry.centre(), TileGeometry.angle(), TileGeometry.width()], mac: "10.4", iOS: "6"
    ) { args in
        TileGeometry.applyHexagonal("sixfoldRotatedTile", args, region: { l in
            let w = TileGeometry.width(l)
            return [l.origin, TileGeometry.polar(l, w / 2, 0), TileGeometry.polar(l, w / 3.squareRoot(), Double.pi / 6),
                    TileGeometry.polar(l, w / 2, Double.pi / 3)]
        }) { alpha in
            TileGeometry.reduced(alpha, Double.pi / 3)
        }
    }
}
