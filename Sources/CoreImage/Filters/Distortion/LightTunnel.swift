import Foundation

extension FilterCatalog {
    /// CILightTunnel: inside the disc of `inputRadius` around `inputCenter` the input is unchanged; a point
    /// outside it, at distance d, shows the rim point on its ray turned by `inputRotation`·(d/radius − 1) about the
    /// centre (counter-clockwise for a positive rotation), so the rim streaks outward in a spiral. The extent is
    /// infinite; a radius ≤ 0 returns the input. Apple describes the look, not the map; this is the one chosen here.
    static let lightTunnel = FilterDefinition(
        name: "CILightTunnel", display: "Light Tunnel Distortion", categories: RadialDistortion.categories,
        summary: "Rotates a portion of the input image specified by the center and radius parameters to give a tunneling effect.",
        parameters: [
            .image(),
            RadialDistortion.centre(),
            .angle("inputRotation", 0, sliderMin: 0, sliderMax: Double.pi / 2, identity: 0, summary: "Rotation angle of the light tunnel."),
            .distance(kCIInputRadiusKey, 100, min: nil, sliderMin: 1, sliderMax: 500, identity: 0, summary: "Center radius of the light tunnel."),
        ], mac: "10.10", iOS: "6"
    ) { args in
        guard let image = args.image() else { return nil }
        let (centre, radius) = RadialDistortion.disc(args)
        let rotation = args.number("inputRotation")
        guard radius > 0 else { return image }
        let disc = PixelRect(covering: RadialDistortion.bounds(centre, radius))
        return RadialDistortion.warp(image, "lightTunnel", "\(centre) \(radius) \(rotation)", extent: .infinite,
                                     roi: { $0.union(disc).outset(2, 2) }) { p in
            let v = p - centre
            let d = (v * v).sum().squareRoot()
            guard d > radius else { return (p, 1) }
            return (centre + RadialDistortion.rotated(v * (radius / d), rotation * (d / radius - 1)), 1)
        }
    }
}
