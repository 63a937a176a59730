import Foundation

extension FilterCatalog {
    /// CIVortexDistortion: inside the disc of `inputRadius` around `inputCenter`, a point at distance r shows
    /// the input turned by φ = angle·(1 − r/radius)² about the centre (a twirl whose turning falls off
    /// quadratically, so Apple's default of about nine turns winds tightly near the centre); outside the disc
    /// the input is unchanged. The extent is the input's joined with the disc's bounds.
    static let vortexDistortion = FilterDefinition(
        name: "CIVortexDistortion", display: "Vortex Distortion", categories: RadialDistortion.categories,
        summary: "Rotates pixels around a point to simulate a vortex.",
        parameters: [
            .image(),
            RadialDistortion.centre(),
            .distance(kCIInputRadiusKey, 300, min: 0, sliderMin: 0, sliderMax: 800, identity: 0,
                      summary: "The radius determines how many pixels are used to create the distortion. The larger the radius, the wider the extent of the distortion."),
            .angle(kCIInputAngleKey, 56.54866776461628, sliderMin: -94.24777960769379, sliderMax: 94.24777960769379, identity: 0,
                   summary: "The angle (in radians) of the vortex."),
        ], mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image() else { return nil }
        let (centre, radius) = RadialDistortion.disc(args)
        let angle = args.number(kCIInputAngleKey)
        guard radius > 0, angle != 0 else { return image }
        return RadialDistortion.warp(image, "vortex", "\(centre) \(radius) \(angle)", extent: RadialDistortion.extent(image, centre, radius),
                                     roi: RadialDistortion.roi(centre, radius)) { p in
            let v = p - centre
            let r = (v * v).sum().squareRoot()
            guard r < radius else { return (p, 1) }
            let t = 1 - r / radius
            return (centre + RadialDistortion.rotated(v, -angle * t * t), 1)
        }
    }
}
