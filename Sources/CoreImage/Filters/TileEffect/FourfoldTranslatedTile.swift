import Foundation

extension FilterCatalog {
    /// CIFourfoldTranslatedTile: the parallelogram tile centred on `inputCenter` (sides `inputWidth` at
    /// `inputAngle` and `inputAngle + inputAcuteAngle`) repeated by translation along both sides:
    /// (u, v) → (u − round(u), v − round(v)) in lattice coordinates.
    static let fourfoldTranslatedTile = FilterDefinition(
        name: "CIFourfoldTranslatedTile", display: "Fourfold Translated Tile", categories: TileGeometry.categories,
        summary: "Produces a tiled image from a source image by applying 4 translation operations.",
        parameters: [
            .image(),
            TileGeometry.centre(),
            TileGeometry.angle(),
            TileGeometry.acuteAngle("The primary angle for the repeating translated tile. Small values create thin diamond tiles, and higher values create fatter translated tiles."),
            TileGeometry.width(),
        ], mac: "10.4", iOS: "6"
    ) { args in
        TileGeometry.apply("fourfoldTranslatedTile", args, between: args.number("inputAcuteAngle"),
                           region: [SIMD2(-0.5, -0.5), SIMD2(0.5, -0.5), SIMD2(-0.5, 0.5), SIMD2(0.5, 0.5)]) { uv in
            SIMD2(TileGeometry.centred(uv.x), TileGeometry.centred(uv.y))
        }
    }
}
