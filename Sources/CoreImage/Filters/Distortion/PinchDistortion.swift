import Foundation

extension FilterCatalog {
    /// CIPinchDistortion: inside the disc of `inputRadius` around `inputCenter`, a point at distance r shows
    /// the input at distance radius·(r/radius)^(1/(1 + scale)) along the same ray, so the content is drawn in
    /// toward the centre (scale 0: no effect; larger scales pinch harder); the rim and everything outside
    /// stay put. `inputScale` is limited to 0…2 (Apple's minimum 0; its slider stops at 2). The extent is the
    /// input's joined with the disc's bounds.
    static let pinchDistortion = FilterDefinition(
        name: "CIPinchDistortion", display: "Pinch Distortion", categories: RadialDistortion.categories,
        summary: "Creates a rectangular area that pinches source pixels inward, distorting those pixels closest to the rectangle the most.",
        parameters: [
            .image(),
            RadialDistortion.centre(),
            .distance(kCIInputRadiusKey, 300, min: 0, sliderMin: 0, sliderMax: 1000, identity: 0,
                      summary: "The radius determines how many pixels are used to create the distortion. The larger the radius, the wider the extent of the distortion."),
            .scalar(kCIInputScaleKey, 0.5, min: 0, sliderMin: 0, sliderMax: 2, identity: 0,
                    summary: "The amount of pinching. A value of 0.0 has no effect. A value of 1.0 is the maximum pinch."),
        ], mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image() else { return nil }
        let (centre, radius) = RadialDistortion.disc(args)
        let scale = min(args.number(kCIInputScaleKey), 2)
        guard radius > 0, scale > 0 else { return image }
        let exponent = 1 / (1 + scale)
        return RadialDistortion.warp(image, "pinch", "\(centre) \(radius) \(scale)", extent: RadialDistortion.extent(image, centre, radius),
                                     roi: RadialDistortion.roi(centre, radius)) { p in
            let v = p - centre
            let r = (v * v).sum().squareRoot()
            guard r < radius, r > 0 else { return (p, 1) }
            return (centre + v * (radius * pow(r / radius, exponent) / r), 1)
        }
    }
}
