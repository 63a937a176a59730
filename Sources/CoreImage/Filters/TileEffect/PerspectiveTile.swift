import Foundation

extension FilterCatalog {
    /// CIPerspectiveTile: the input's extent repeated over the plane, then seen through the projective map that
    /// takes the extent's corners (bottom-left, bottom-right, top-right, top-left) to the four input points.
    /// Each output pixel samples the repeated input at H⁻¹(p) with wrapping bilinear neighbours; beyond the
    /// horizon (where the map's w changes sign from its value inside the quadrilateral) the output is clear.
    static let perspectiveTile = FilterDefinition(
        name: "CIPerspectiveTile", display: "Perspective Tile", categories: TileGeometry.categories,
        summary: "Applies a perspective transform to an image and then tiles the result.",
        parameters: [
            .image(),
            .position("inputTopLeft", 118, 484, summary: "The top left coordinate of a tile."),
            .position("inputTopRight", 646, 507, summary: "The top right coordinate of a tile."),
            .position("inputBottomRight", 548, 140, summary: "The bottom right coordinate of a tile."),
            .position("inputBottomLeft", 155, 153, summary: "The bottom left coordinate of a tile."),
        ], mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image() else { return nil }
        if image.extent.isEffectivelyInfinite { return nil }
        let period = image.pixelExtent
        guard !period.isEmpty else { return Image.empty }
        func p(_ key: String) -> SIMD2<Double> { let v = args.point(key); return SIMD2(Double(v.x), Double(v.y)) }
        let quad = [p("inputBottomLeft"), p("inputBottomRight"), p("inputTopRight"), p("inputTopLeft")]
        let e = image.extent
        let corners = [(e.minX, e.minY), (e.maxX, e.minY), (e.maxX, e.maxY), (e.minX, e.maxY)].map { SIMD2(Double($0.0), Double($0.1)) }
        guard let h = Homography(from: quad, to: corners) else { return Image.empty }
        let m = h.m
        let inside = (quad[0] + quad[1] + quad[2] + quad[3]) / 4
        let sign: Double = m[6] * inside.x + m[7] * inside.y + m[8] < 0 ? -1 : 1
        let kernel = TileWarp(name: "perspectiveTile", signature: "\(m) \(period)", sampling: image.samplingMode, source: period, period: period) { q in
            let w = m[6] * q.x + m[7] * q.y + m[8]
            guard w * sign > 1e-12 else { return (SIMD2(0, 0), 0) }
            return (SIMD2((m[0] * q.x + m[1] * q.y + m[2]) / w, (m[3] * q.x + m[4] * q.y + m[5]) / w), 1)
        }
        return image.applying(area: kernel)
    }
}
