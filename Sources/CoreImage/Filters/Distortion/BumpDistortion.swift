import Foundation

extension FilterCatalog {
    /// CIBumpDistortion: inside the disc of `inputRadius` around `inputCenter`, a point at distance r shows
    /// the input at distance r·(1 − scale·(1 − r/radius)²) along the same ray: a positive scale magnifies the
    /// middle (an outward bump), a negative one shrinks it (inward); 0 has no effect. The map is monotone for
    /// scales in −1…1 and leaves the rim and everything outside in place. The extent is the input's joined
    /// with the disc's bounds.
    static let bumpDistortion = FilterDefinition(
        name: "CIBumpDistortion", display: "Bump Distortion", categories: RadialDistortion.categories,
        summary: "Creates a bump that originates at a specified point in the image.",
        parameters: [
            .image(),
            RadialDistortion.centre(),
            .distance(kCIInputRadiusKey, 300, min: 0, sliderMin: 0, sliderMax: 600,
                      summary: "The radius determines how many pixels are used to create the distortion. The larger the radius, the wider the extent of the distortion."),
            .scalar(kCIInputScaleKey, 0.5, sliderMin: -1, sliderMax: 1, identity: 0,
                    summary: "The scale of the effect determines the curvature of the bump. A value of 0.0 has no effect. Positive values create an outward bump, negative values create an inward bump."),
        ], mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image() else { return nil }
        let (centre, radius) = RadialDistortion.disc(args)
        let scale = args.number(kCIInputScaleKey)
        guard radius > 0, scale != 0 else { return image }
        return RadialDistortion.warp(image, "bump", "\(centre) \(radius) \(scale)", extent: RadialDistortion.extent(image, centre, radius),
                                     roi: RadialDistortion.roi(centre, radius)) { p in
            let v = p - centre
            let r = (v * v).sum().squareRoot()
            guard r < radius else { return (p, 1) }
            let t = 1 - r / radius
            return (centre + v * (1 - scale * t * t), 1)
        }
    }
}
