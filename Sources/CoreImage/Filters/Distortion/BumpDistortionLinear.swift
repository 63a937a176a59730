import Foundation

extension FilterCatalog {
    /// CIBumpDistortionLinear: ``bumpDistortion`` across a line instead of around a point. With d the signed
    /// distance of a point from the line through `inputCenter` in direction `inputAngle`, a point with
    /// |d| < radius shows the input at distance d·(1 − scale·(1 − |d|/radius)²) from the line (same side,
    /// straight across it); farther points are unmoved. Scale 0 has no effect (Apple's attributes list 1 as
    /// the identity, which does bulge here). Points move by at most 4/27·|scale|·radius, so the extent is the
    /// input's grown by that and the region of interest is the output rectangle grown by it.
    static let bumpDistortionLinear = FilterDefinition(
        name: "CIBumpDistortionLinear", display: "Bump Distortion Linear", categories: RadialDistortion.categories,
        summary: "Creates a concave or convex distortion that originates from a line in the image.",
        parameters: [
            .image(),
            RadialDistortion.centre(),
            .distance(kCIInputRadiusKey, 300, min: 0, sliderMin: 0, sliderMax: 600, identity: 0,
                      summary: "The radius determines how many pixels are used to create the distortion. The larger the radius, the wider the extent of the distortion."),
            .angle(kCIInputAngleKey, 0, sliderMin: 0, sliderMax: 2 * Double.pi, identity: 0,
                   summary: "The angle (in radians) of the line around which the distortion occurs."),
            .scalar(kCIInputScaleKey, 0.5, min: -1, sliderMin: 0, sliderMax: 1, identity: 1, summary: "The scale of the effect."),
        ], mac: "10.5", iOS: "6"
    ) { args in
        guard let image = args.image() else { return nil }
        let (centre, radius) = RadialDistortion.disc(args)
        let angle = args.number(kCIInputAngleKey), scale = args.number(kCIInputScaleKey)
        guard radius > 0, scale != 0 else { return image }
        let normal = SIMD2(-sin(angle), cos(angle))
        let reach = 4.0 / 27 * abs(scale) * radius
        let grow = Int(reach.rounded(.up)) + 2
        let extent = image.extent.isEffectivelyInfinite ? CGRect.infinite : image.extent.insetBy(dx: -CGFloat(reach), dy: -CGFloat(reach))
        return RadialDistortion.warp(image, "bumpLinear", "\(centre) \(radius) \(angle) \(scale)", extent: extent,
                                     roi: { $0.outset(grow, grow) }) { p in
            let d = ((p - centre) * normal).sum()
            guard abs(d) < radius else { return (p, 1) }
            let t = 1 - abs(d) / radius
            return (p - normal * (d * scale * t * t), 1)
        }
    }
}
