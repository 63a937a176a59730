import Foundation

extension FilterCatalog {
    /// CISixfoldReflectedTile: hexagonal tiles as in CISixfoldRotatedTile, with three mirrors through each
    /// tile's centre parallel to the hexagon's sides (at `inputAngle` + 30°, 90°, 150°), so a tile holds six
    /// mirrored copies of the 60° sector between the directions `inputAngle` + 30° and + 90°, and neighbouring
    /// tiles meet mirror-continuously.
    static let sixfoldReflectedTile = FilterDefinition(
        name: "CISixfoldReflectedTile", display: "Sixfold Reflected Tile", categories: TileGeometry.categories,
        summary: "Produces a tiled image from a source image by applying a 6-way reflected symmetry.",
        parameters: [.image(), TileGeometry.centre(), TileGeometry.angle(), TileGeometry.width()], mac: "10.4", iOS: "6"
    ) { args in
        TileGeometry.applyHexagonal("sixfoldReflectedTile", args, region: { l in
            let r = TileGeometry.width(l) / 3.squareRoot()
            return [l.origin, TileGeometry.polar(l, r, Double.pi / 6), TileGeometry.polar(l, r, Double.pi / 2)]
        }) { alpha in
            var beta = TileGeometry.reduced(alpha - Double.pi / 6, 2 * Double.pi / 3)
            if beta > Double.pi / 3 { beta = 2 * Double.pi / 3 - beta }
            return beta + Double.pi / 6
        }
    }
}
