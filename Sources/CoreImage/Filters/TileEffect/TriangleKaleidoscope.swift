import Foundation

extension FilterCatalog {
    /// CITriangleKaleidoscope: the equilateral triangle of side `inputSize` whose centroid is `inputPoint` (its
    /// first side along `inputRotation`) is mirrored across its own sides, again and again, filling the plane
    /// (the kaleidoscope of three mirrors, p3m1); the central triangle shows the input unchanged. The grid
    /// vertices take the labels of the triangle's corners ((i − j) mod 3 in lattice coordinates from the
    /// first corner), and a point with barycentric coordinates β in its grid triangle samples Σ β·corner.
    ///
    /// Apple publishes no formula for `inputDecay` ("how fast the color fades from the center triangle"):
    /// here the sample is multiplied by exp(−decay·max(0, ρ − R)/size), ρ the distance from `inputPoint` and
    /// R the triangle's circumradius, so the central triangle is untouched and colour and alpha fade toward
    /// clear farther out (decay 0: no fade). The extent is infinite; the region of interest is the triangle.
    /// A size ≤ 0 gives an empty image.
    static let triangleKaleidoscope = FilterDefinition(
        name: "CITriangleKaleidoscope", display: "Triangle Kaleidoscope", categories: TileGeometry.categories,
        summary: "Maps a triangular portion of image to a triangular area and then generates a kaleidoscope effect.",
        parameters: [
            .image(),
            .position("inputPoint", 150, 150, summary: "The x and y position to use as the center of the triangular area in the input image."),
            .scalar("inputSize", 700, sliderMin: 0, sliderMax: 1000, summary: "The size in pixels of the triangle."),
            .angle("inputRotation", 5.924285296593801, sliderMin: 0, sliderMax: 2 * Double.pi, identity: nil,
                   summary: "Rotation angle of the triangle."),
            .scalar("inputDecay", 0.85, sliderMin: 0, sliderMax: 1, summary: "The decay determines how fast the color fades from the center triangle."),
        ], mac: "10.11", iOS: "9"
    ) { args in
        guard let image = args.image() else { return nil }
        let size = args.number("inputSize"), rotation = args.number("inputRotation"), decay = args.number("inputDecay")
        guard size > 0, size.isFinite else { return Image.empty }
        let p = args.point("inputPoint")
        let centre = SIMD2(Double(p.x), Double(p.y))
        let a = size * SIMD2(cos(rotation), sin(rotation)), b = size * SIMD2(cos(rotation + Double.pi / 3), sin(rotation + Double.pi / 3))
        let lattice = TileGeometry.Lattice(origin: centre - (a + b) / 3, a: a, b: b)
        let circumradius = size / 3.0.squareRoot()
        let kernel = TileWarp(name: "triangleKaleidoscope", signature: "\(lattice) \(decay)", sampling: image.samplingMode,
                              source: lattice.bounds([SIMD2(0, 0), SIMD2(1, 0), SIMD2(0, 1)])) { q in
            let folded = TriangleKaleidoscope.fold(lattice.coordinates(q))
            let r = q - centre
            let beyond = max(0, (r * r).sum().squareRoot() - circumradius)
            return (lattice.point(folded), decay == 0 ? 1 : Float(exp(-decay * beyond / size)))
        }
        return image.applying(area: kernel)
    }
}

enum TriangleKaleidoscope {
    /// Lattice coordinates folded into the triangle (0, 0), (1, 0), (0, 1) by the mirrors of its sides.
    @inline(__always) static func fold(_ uv: SIMD2<Double>) -> SIMD2<Double> {
        let i = uv.x.rounded(.down), j = uv.y.rounded(.down)
        let fu = uv.x - i, fv = uv.y - j
        // The grid triangle's corners and barycentric weights (upward: (i, j), (i+1, j), (i, j+1);
        // downward: (i+1, j+1), (i+1, j), (i, j+1)); each weight goes to the corner's label.
        var out = SIMD2<Double>(0, 0)
        if fu + fv <= 1 {
            add(&out, i, j, 1 - fu - fv); add(&out, i + 1, j, fu); add(&out, i, j + 1, fv)
        } else {
            add(&out, i + 1, j + 1, fu + fv - 1); add(&out, i + 1, j, 1 - fv); add(&out, i, j + 1, 1 - fu)
        }
        return out
    }

    /// Adds `weight` to the triangle corner labelled (i − j) mod 3: 0 → (0, 0), 1 → (1, 0), 2 → (0, 1).
    @inline(__always) private static func add(_ out: inout SIMD2<Double>, _ i: Double, _ j: Double, _ weight: Double) {
        let r = (i - j).truncatingRemainder(dividingBy: 3)
        let label = r < 0 ? r + 3 : r
        if label == 1 { out.x += weight } else if label == 2 { out.y += weight }
    }
}
