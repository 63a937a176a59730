import Foundation

extension FilterCatalog {
    /// CITwelvefoldReflectedTile: hexagonal tiles as in CISixfoldRotatedTile, with six mirrors through each
    /// tile's centre (every 30° from `inputAngle`), so a tile holds twelve mirrored copies of the 30° sector
    /// between `inputAngle` (towards the middle of a side) and `inputAngle` + 30° (towards a corner).
    static let twelvefoldReflectedTile = FilterDefinition(
        name: "CITwelvefoldReflectedTile", display: "Twelvefold Reflected Tile", categories: TileGeometry.categories,
        summary: "Produces a tiled image from a source image by applying a 12-way reflected symmetry.",
        parameters: [.image(), TileGeometry.centre(), TileGeometry.angle(), TileGeometry.width()], mac: "10.4", iOS: "6"
    ) { args in
        TileGeometry.applyHexagonal("twelvefoldReflectedTile", args, region: { l in
            let w = TileGeometry.width(l)
            return [l.origin, TileGeometry.polar(l, w / 2, 0), TileGeometry.polar(l, w / 3.squareRoot(), Double.pi / 6)]
        }) { alpha in
            let beta = TileGeometry.reduced(alpha, Double.pi / 3)
            return beta > Double.pi / 6 ? Double.pi / 3 - beta : beta
        }
    }
}
