import Foundation

extension FilterCatalog {
    /// CIFourfoldReflectedTile: mirrors along both sides of the parallelogram lattice at every half tile, so
    /// each tile holds four mirrored copies of its quarter between the centre and the sides' halves:
    /// (u, v) → (|u − round(u)|, |v − round(v)|). With an acute angle other than 90° the mirrors are skewed
    /// (affine reflections along the sides).
    static let fourfoldReflectedTile = FilterDefinition(
        name: "CIFourfoldReflectedTile", display: "Fourfold Reflected Tile", categories: TileGeometry.categories,
        summary: "Produces a tiled image from a source image by applying a 4-way reflected symmetry.",
        parameters: [
            .image(),
            TileGeometry.centre(),
            TileGeometry.angle(),
            TileGeometry.acuteAngle("The primary angle for the repeating reflected tile. Small values create thin diamond tiles, and higher values create fatter reflected tiles."),
            TileGeometry.width(),
        ], mac: "10.4", iOS: "6"
    ) { args in
        TileGeometry.apply("fourfoldReflectedTile", args, between: args.number("inputAcuteAngle"),
                           region: [SIMD2(0, 0), SIMD2(0.5, 0), SIMD2(0, 0.5), SIMD2(0.5, 0.5)]) { uv in
            SIMD2(TileGeometry.mirrored(uv.x), TileGeometry.mirrored(uv.y))
        }
    }
}
