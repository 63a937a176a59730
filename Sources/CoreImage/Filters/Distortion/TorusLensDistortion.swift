import Foundation

extension FilterCatalog {
    /// CITorusLensDistortion: a ring-shaped lens of radius `inputRadius` (R) and width `inputWidth` (W) around
    /// `inputCenter`. A point at distance d from the centre with t = (d − R)/(W/2) inside the ring (|t| < 1)
    /// shows the input at distance R + (d − R)·(1 − (1 − 1/n)·√(1 − t²)) along its ray, n = `inputRefraction`:
    /// the middle of the ring magnifies by n (refraction 1 is the identity, below 1 the ring shrinks what it
    /// covers), the rims join the unchanged input smoothly. Outside the ring nothing moves. The extent is the
    /// input's joined with the ring's bounds. Apple describes the look, not the map; this is the one chosen here.
    static let torusLensDistortion = FilterDefinition(
        name: "CITorusLensDistortion", display: "Torus Lens Distortion", categories: RadialDistortion.categories,
        summary: "Creates a torus-shaped lens and distorts the portion of the image over which the lens is placed.",
        parameters: [
            .image(),
            RadialDistortion.centre(),
            .distance(kCIInputRadiusKey, 160, min: 0, sliderMin: 0, sliderMax: 500, identity: 0, summary: "The outer radius of the torus."),
            .distance(kCIInputWidthKey, 80, min: 0, sliderMin: 0, sliderMax: 200, identity: 0, summary: "The width of the ring."),
            .scalar(kCIInputRefractionKey, 1.7, min: 0, sliderMin: 0, sliderMax: 5, identity: 1, summary: "The refraction of the glass."),
        ], mac: "10.4", iOS: "9"
    ) { args in
        guard let image = args.image() else { return nil }
        let (centre, radius) = RadialDistortion.disc(args)
        let half = args.number(kCIInputWidthKey) / 2, refraction = max(args.number(kCIInputRefractionKey), 1e-3)
        guard half > 0, refraction != 1 else { return image }
        let outer = radius + half
        return RadialDistortion.warp(image, "torusLens", "\(centre) \(radius) \(half) \(refraction)",
                                     extent: RadialDistortion.extent(image, centre, outer), roi: RadialDistortion.roi(centre, outer)) { p in
            let v = p - centre
            let d = (v * v).sum().squareRoot()
            let t = (d - radius) / half
            guard abs(t) < 1, d > 0 else { return (p, 1) }
            let shown = radius + (d - radius) * (1 - (1 - 1 / refraction) * (1 - t * t).squareRoot())
            return (centre + v * (shown / d), 1)
        }
    }
}
