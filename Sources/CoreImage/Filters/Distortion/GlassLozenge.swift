import Foundation

extension FilterCatalog {
    /// CIGlassLozenge: a lozenge-shaped lens — every point within `inputRadius` (ρ) of the segment from
    /// `inputPoint0` to `inputPoint1`. A point p at distance δ < ρ from its nearest point c on the segment shows the
    /// input at c + (p − c)·(1 − (1 − 1/n)·√(1 − (δ/ρ)²)), n = `inputRefraction`: the lens magnifies by n along its
    /// spine and joins the unchanged input smoothly at its rim (refraction 1 is the identity). The extent is the
    /// input's joined with the lozenge's bounds. Apple describes the look, not the map; this is the one chosen here.
    static let glassLozenge = FilterDefinition(
        name: "CIGlassLozenge", display: "Glass Lozenge", categories: RadialDistortion.categories,
        summary: "Creates a lozenge-shaped lens and distorts the portion of the image over which the lens is placed.",
        parameters: [
            .image(),
            .position("inputPoint0", 150, 150, summary: "The x and y position that defines the center of the circle at one end of the lozenge."),
            .position("inputPoint1", 350, 150, summary: "The x and y position that defines the center of the circle at the other end of the lozenge."),
            .distance(kCIInputRadiusKey, 100, min: 0, sliderMin: 0, sliderMax: 1000, identity: 100, summary: "The radius of the lozenge."),
            .scalar(kCIInputRefractionKey, 1.7, min: 0, sliderMin: 0, sliderMax: 5, identity: 1, summary: "The refraction of the glass."),
        ], mac: "10.4", iOS: "9"
    ) { args in
        guard let image = args.image() else { return nil }
        let a = args.point("inputPoint0"), b = args.point("inputPoint1")
        let p0 = SIMD2(Double(a.x), Double(a.y)), p1 = SIMD2(Double(b.x), Double(b.y))
        let radius = args.number(kCIInputRadiusKey), refraction = max(args.number(kCIInputRefractionKey), 1e-3)
        guard radius > 0, refraction != 1 else { return image }
        let bounds = CGRect(x: min(p0.x, p1.x) - radius, y: min(p0.y, p1.y) - radius,
                            width: abs(p1.x - p0.x) + 2 * radius, height: abs(p1.y - p0.y) + 2 * radius)
        let lens = PixelRect(covering: bounds)
        let extent = image.extent.isEffectivelyInfinite ? CGRect.infinite : image.extent.union(bounds)
        let axis = p1 - p0, length2 = (axis * axis).sum()
        return RadialDistortion.warp(image, "glassLozenge", "\(p0) \(p1) \(radius) \(refraction)", extent: extent,
                                     roi: { rect in (rect.intersection(lens).isEmpty ? rect : rect.union(lens)).outset(2, 2) }) { p in
            let along = length2 > 0 ? min(max(((p - p0) * axis).sum() / length2, 0), 1) : 0
            let c = p0 + axis * along
            let v = p - c
            let t2 = (v * v).sum() / (radius * radius)
            guard t2 < 1 else { return (p, 1) }
            return (c + v * (1 - (1 - 1 / refraction) * (1 - t2).squareRoot()), 1)
        }
    }
}
