import Foundation

extension FilterCatalog {
    /// CITriangleTile: the equilateral triangle of side `inputWidth` whose centroid is `inputCenter` (one side
    /// along `inputAngle`) fills every upward triangle of the triangular grid it generates; the downward
    /// triangles hold it rotated by 180°. In lattice coordinates from the triangle's first corner (60° basis):
    /// (u, v) → (frac u, frac v), then (1 − u, 1 − v) when u + v > 1.
    static let triangleTile = FilterDefinition(
        name: "CITriangleTile", display: "Triangle Tile", categories: TileGeometry.categories,
        summary: "Maps a triangular portion of image to a triangular area and then tiles the result.",
        parameters: [.image(), TileGeometry.centre(), TileGeometry.angle(), TileGeometry.width()], mac: "10.5", iOS: "9"
    ) { args in
        guard let image = args.image() else { return nil }
        guard let centred = TileGeometry.lattice(args, between: Double.pi / 3) else { return Image.empty }
        let lattice = TileGeometry.Lattice(origin: centred.origin - (centred.a + centred.b) / 3, a: centred.a, b: centred.b)
        let source = lattice.bounds([SIMD2(0, 0), SIMD2(1, 0), SIMD2(0, 1)])
        let kernel = TileWarp(name: "triangleTile", signature: "\(lattice)", sampling: image.samplingMode, source: source) { p in
            let uv = lattice.coordinates(p)
            var u = uv.x - uv.x.rounded(.down), v = uv.y - uv.y.rounded(.down)
            if u + v > 1 { (u, v) = (1 - u, 1 - v) }
            return (lattice.point(SIMD2(u, v)), 1)
        }
        return image.applying(area: kernel)
    }
}
