import Foundation

/// The maths shared by the tile effects (`Filters/TileEffect`). Apple publishes the parameters and pictures of
/// these filters, not their formulas; the choices here are stated in each filter's file and in
/// Docs/CoreImage.md, and `Tests/CoreImageTests/References/reference.py` re-implements them in numpy.
///
/// A tile is a cell of a lattice with origin at the filter's centre and basis vectors `a` (length `width`, at
/// `angle`) and `b` (length `width`, at `angle + acuteAngle`, or 90° / 60° for the square and hexagonal
/// tiles). Lattice coordinates (u, v) of a point p solve p = centre + u·a + v·b; each filter folds (u, v) into
/// its fundamental region, and the output samples the input at the folded point. Sampling is the input's own
/// (bilinear unless `samplingNearest()`), like every warp in the engine.
enum TileGeometry {
    /// A lattice: origin and basis, with the inverse basis for lattice coordinates.
    struct Lattice: Sendable, CustomStringConvertible {
        let origin: SIMD2<Double>, a: SIMD2<Double>, b: SIMD2<Double>
        let ia: SIMD2<Double>, ib: SIMD2<Double>

        init(origin: SIMD2<Double>, a: SIMD2<Double>, b: SIMD2<Double>) {
            (self.origin, self.a, self.b) = (origin, a, b)
            let det = a.x * b.y - a.y * b.x
            let inv = det == 0 ? 0 : 1 / det
            // Rows of the inverse matrix [a b]⁻¹.
            ia = SIMD2(b.y * inv, -b.x * inv)
            ib = SIMD2(-a.y * inv, a.x * inv)
        }

        /// The lattice with origin `centre`, sides `width` at `angle` and `angle + between`.
        init(centre: CGPoint, width: Double, angle: Double, between: Double) {
            self.init(origin: SIMD2(centre.x, centre.y), a: width * SIMD2(cos(angle), sin(angle)),
                      b: width * SIMD2(cos(angle + between), sin(angle + between)))
        }

        /// Lattice coordinates of `p`.
        @inline(__always) func coordinates(_ p: SIMD2<Double>) -> SIMD2<Double> {
            let d = p - origin
            return SIMD2((ia * d).sum(), (ib * d).sum())
        }

        /// The point with lattice coordinates `uv`.
        @inline(__always) func point(_ uv: SIMD2<Double>) -> SIMD2<Double> { origin + uv.x * a + uv.y * b }

        /// The input pixels covering the region with these lattice-coordinate corners.
        func bounds(_ corners: [SIMD2<Double>]) -> PixelRect { TileWarp.bounds(corners.map(point)) }

        var description: String { "\(origin) \(a) \(b)" }
    }

    /// `v − round(v)`, in [−½, ½]: the offset from the nearest lattice line (rounding half away from zero).
    @inline(__always) static func centred(_ v: Double) -> Double { v - v.rounded() }

    /// `v` folded by mirrors at every multiple of ½ into [0, ½].
    @inline(__always) static func mirrored(_ v: Double) -> Double { abs(v - v.rounded()) }

    /// `angle` reduced into [0, period).
    @inline(__always) static func reduced(_ angle: Double, _ period: Double) -> Double {
        let r = angle - (angle / period).rounded(.down) * period
        return r >= period ? r - period : (r < 0 ? 0 : r)
    }

    /// The common parameters of the lattice tiles: centre, angle, width and (for some) the acute angle.
    static func centre(_ summary: String = "The x and y position to use as the center of the effect.") -> FilterParameter {
        .position(kCIInputCenterKey, 150, 150, summary: summary)
    }
    static func angle(_ summary: String = "The angle, in radians, of the tiled pattern.") -> FilterParameter {
        .angle(kCIInputAngleKey, 0, summary: summary)
    }
    static func width(_ value: Double = 100, summary: String = "The width of a tile.") -> FilterParameter {
        .distance(kCIInputWidthKey, value, min: 0, sliderMin: 0, sliderMax: 200, summary: summary)
    }
    static func acuteAngle(_ summary: String) -> FilterParameter {
        .angle("inputAcuteAngle", Double.pi / 2, sliderMin: 0, sliderMax: Double.pi, identity: nil, summary: summary)
    }

    /// The categories of every tile effect.
    static let categories = [kCategory.tileEffect, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange]

    /// The lattice of a centre/angle/width filter; `nil` for a width that makes no tile (≤ 0 or not finite).
    static func lattice(_ args: FilterArguments, between: Double) -> Lattice? {
        let width = args.number(kCIInputWidthKey)
        guard width > 0, width.isFinite, abs(sin(between)) > 1e-6 else { return nil }
        return Lattice(centre: args.point(kCIInputCenterKey), width: width, angle: args.number(kCIInputAngleKey), between: between)
    }

    /// A lattice tile: every output point folded by `fold` (lattice coordinates → lattice coordinates inside
    /// the region with corners `region`), the input sampled there. A filter without a tile (width 0) gives
    /// an empty image.
    static func apply(_ name: String, _ args: FilterArguments, between: Double, region: [SIMD2<Double>],
                      fold: @escaping @Sendable (SIMD2<Double>) -> SIMD2<Double>) -> Image? {
        guard let image = args.image() else { return nil }
        guard let lattice = lattice(args, between: between) else { return Image.empty }
        let kernel = TileWarp(name: name, signature: "\(lattice)", sampling: image.samplingMode, source: lattice.bounds(region)) { p in
            (lattice.point(fold(lattice.coordinates(p))), 1)
        }
        return image.applying(area: kernel)
    }
}

extension TileGeometry {
    /// A hexagonal tile: the output point's offset r from the nearest point of the 60° lattice (so the tile is
    /// the lattice's hexagonal cell, `width` across its flats, with flats facing the basis directions), its
    /// angle (relative to `angle`) folded by `fold`, and the result placed around the centre.
    static func applyHexagonal(_ name: String, _ args: FilterArguments, region: @escaping @Sendable (Lattice) -> [SIMD2<Double>],
                               fold: @escaping @Sendable (Double) -> Double) -> Image? {
        guard let image = args.image() else { return nil }
        guard let lattice = lattice(args, between: Double.pi / 3) else { return Image.empty }
        let angle = args.number(kCIInputAngleKey)
        let kernel = TileWarp(name: name, signature: "\(lattice)", sampling: image.samplingMode, source: TileWarp.bounds(region(lattice))) { p in
            let r = hexagonalOffset(lattice, p)
            let rho = (r * r).sum().squareRoot()
            let alpha = fold(reduced(atan2(r.y, r.x) - angle, 2 * Double.pi)) + angle
            return (lattice.origin + rho * SIMD2(cos(alpha), sin(alpha)), 1)
        }
        return image.applying(area: kernel)
    }

    /// `p` minus the nearest lattice point (the first of the four surrounding points at the least distance).
    @inline(__always) static func hexagonalOffset(_ lattice: Lattice, _ p: SIMD2<Double>) -> SIMD2<Double> {
        let uv = lattice.coordinates(p)
        let u0 = uv.x.rounded(.down), v0 = uv.y.rounded(.down)
        var best = SIMD2<Double>(.infinity, .infinity), bestLength = Double.infinity
        for (du, dv) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)] {
            let r = p - lattice.point(SIMD2(u0 + du, v0 + dv))
            let length = (r * r).sum()
            if length < bestLength { (best, bestLength) = (r, length) }
        }
        return best
    }

    /// The point at distance `length` from the lattice origin in direction `angle` (relative to the basis `a`).
    static func polar(_ lattice: Lattice, _ length: Double, _ angle: Double) -> SIMD2<Double> {
        let base = atan2(lattice.a.y, lattice.a.x)
        return lattice.origin + length * SIMD2(cos(base + angle), sin(base + angle))
    }

    /// The hexagonal cell's width (across flats) for a lattice.
    static func width(_ lattice: Lattice) -> Double { (lattice.a * lattice.a).sum().squareRoot() }
}
