import Foundation

extension FilterCatalog {
    /// CITwirlDistortion: inside the disc of `inputRadius` around `inputCenter`, a point at distance r shows
    /// the input turned by φ = angle·(1 − r/radius) about the centre (the content turns counter-clockwise for
    /// a positive angle, most at the centre, not at all at the rim); outside the disc the input is unchanged.
    /// The extent is the input's joined with the disc's bounds.
    static let twirlDistortion = FilterDefinition(
        name: "CITwirlDistortion", display: "Twirl Distortion", categories: RadialDistortion.categories,
        summary: "Rotates pixels around a point to give a twirling effect.",
        parameters: [
            .image(),
            RadialDistortion.centre(),
            .distance(kCIInputRadiusKey, 300, min: 0, sliderMin: 0, sliderMax: 500, identity: 300,
                      summary: "The radius determines how many pixels are used to create the distortion. The larger the radius, the wider the extent of the distortion."),
            .angle(kCIInputAngleKey, Double.pi, sliderMin: -4 * Double.pi, sliderMax: 4 * Double.pi, identity: 0,
                   summary: "The angle (in radians) of the twirl. Values can be positive or negative."),
        ], mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image() else { return nil }
        let (centre, radius) = RadialDistortion.disc(args)
        let angle = args.number(kCIInputAngleKey)
        guard radius > 0, angle != 0 else { return image }
        return RadialDistortion.warp(image, "twirl", "\(centre) \(radius) \(angle)", extent: RadialDistortion.extent(image, centre, radius),
                                     roi: RadialDistortion.roi(centre, radius)) { p in
            let v = p - centre
            let r = (v * v).sum().squareRoot()
            guard r < radius else { return (p, 1) }
            return (centre + RadialDistortion.rotated(v, -angle * (1 - r / radius)), 1)
        }
    }
}
