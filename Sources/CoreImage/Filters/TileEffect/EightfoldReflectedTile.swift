import Foundation

extension FilterCatalog {
    /// CIEightfoldReflectedTile: square tiles of `inputWidth` with mirrors along both axes and both diagonals
    /// of each tile, so a tile holds eight mirrored copies of the triangle between its centre, the middle of
    /// its right side and its upper-right corner: (u, v) → (|u − round(u)|, |v − round(v)|), then sorted so
    /// that v ≤ u.
    static let eightfoldReflectedTile = FilterDefinition(
        name: "CIEightfoldReflectedTile", display: "Eightfold Reflected Tile", categories: TileGeometry.categories,
        summary: "Produces a tiled image from a source image by applying an 8-way reflected symmetry.",
        parameters: [.image(), TileGeometry.centre(), TileGeometry.angle(), TileGeometry.width()], mac: "10.4", iOS: "6"
    ) { args in
        TileGeometry.apply("eightfoldReflectedTile", args, between: Double.pi / 2,
                           region: [SIMD2(0, 0), SIMD2(0.5, 0), SIMD2(0.5, 0.5)]) { uv in
            let x = TileGeometry.mirrored(uv.x), y = TileGeometry.mirrored(uv.y)
            return y > x ? SIMD2(y, x) : SIMD2(x, y)
        }
    }
}
