import Foundation

extension FilterCatalog {
    /// CIParallelogramTile: rhombus tiles (sides `inputWidth` at `inputAngle` and `inputAngle + inputAcuteAngle`)
    /// repeated by translation; inside each, the half on the first side's side of the long diagonal (through
    /// the centre, along a + b) is mirrored across that diagonal — a true reflection, since the sides are
    /// equal: (u, v) → (u − round(u), v − round(v)), swapped when v > u.
    static let parallelogramTile = FilterDefinition(
        name: "CIParallelogramTile", display: "Parallelogram Tile", categories: TileGeometry.categories,
        summary: "Warps an image by reflecting it in a parallelogram, and then tiles the result.",
        parameters: [
            .image(),
            TileGeometry.centre(),
            TileGeometry.angle(),
            TileGeometry.acuteAngle("The primary angle for the repeating parallelogram tile. Small values create thin diamond tiles, and higher values create fatter parallelogram tiles."),
            TileGeometry.width(),
        ], mac: "10.5", iOS: "9"
    ) { args in
        TileGeometry.apply("parallelogramTile", args, between: args.number("inputAcuteAngle"),
                           region: [SIMD2(-0.5, -0.5), SIMD2(0.5, -0.5), SIMD2(0.5, 0.5)]) { uv in
            let u = TileGeometry.centred(uv.x), v = TileGeometry.centred(uv.y)
            return v > u ? SIMD2(v, u) : SIMD2(u, v)
        }
    }
}
