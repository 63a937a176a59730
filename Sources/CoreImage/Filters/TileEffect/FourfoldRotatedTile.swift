import Foundation

extension FilterCatalog {
    /// CIFourfoldRotatedTile: square tiles of `inputWidth` centred on the lattice; inside each, the quarter
    /// between the centre and the upper-right corner (lattice coordinates [0, ½]²) is repeated rotated by
    /// 0°, 90°, 180° and 270° about the tile's centre.
    static let fourfoldRotatedTile = FilterDefinition(
        name: "CIFourfoldRotatedTile", display: "Fourfold Rotated Tile", categories: TileGeometry.categories,
        summary: "Produces a tiled image from a source image by rotating the source image at increments of 90 degrees.",
        parameters: [.image(), TileGeometry.centre(), TileGeometry.angle(), TileGeometry.width()], mac: "10.4", iOS: "6"
    ) { args in
        TileGeometry.apply("fourfoldRotatedTile", args, between: Double.pi / 2,
                           region: [SIMD2(0, 0), SIMD2(0.5, 0), SIMD2(0, 0.5), SIMD2(0.5, 0.5)]) { uv in
            FourfoldRotation.fold(SIMD2(TileGeometry.centred(uv.x), TileGeometry.centred(uv.y)))
        }
    }
}

enum FourfoldRotation {
    /// A point of [−½, ½]² rotated by a multiple of 90° into [0, ½]².
    @inline(__always) static func fold(_ p: SIMD2<Double>) -> SIMD2<Double> {
        switch (p.x >= 0, p.y >= 0) {
        case (true, true): p
        case (false, true): SIMD2(p.y, -p.x)
        case (false, false): -p
        case (true, false): SIMD2(-p.y, p.x)
        }
    }
}
