import Foundation

extension FilterCatalog {
    /// CIGlideReflectedTile: square tiles of `inputWidth`; every other row of tiles (along the second side)
    /// is mirrored across the tile's axis parallel to that side — a glide reflection:
    /// (u, v) → (±(u − round(u)), v − round(v)), negated when round(v) is odd.
    static let glideReflectedTile = FilterDefinition(
        name: "CIGlideReflectedTile", display: "Glide Reflected Tile", categories: TileGeometry.categories,
        summary: "Produces a tiled image from a source image by translating and smearing the image.",
        parameters: [.image(), TileGeometry.centre(), TileGeometry.angle(), TileGeometry.width()], mac: "10.4", iOS: "6"
    ) { args in
        TileGeometry.apply("glideReflectedTile", args, between: Double.pi / 2,
                           region: [SIMD2(-0.5, -0.5), SIMD2(0.5, -0.5), SIMD2(-0.5, 0.5), SIMD2(0.5, 0.5)]) { uv in
            let row = uv.y.rounded()
            let u = TileGeometry.centred(uv.x)
            let odd = row.truncatingRemainder(dividingBy: 2) != 0
            return SIMD2(odd ? -u : u, uv.y - row)
        }
    }
}
