import Foundation

extension FilterCatalog {
    /// CICircleSplashDistortion: inside the disc of `inputRadius` around `inputCenter` the input is unchanged;
    /// every point outside shows the rim's pixel on its own ray (centre + radius·direction), so the rim's
    /// colours streak outward without end. The extent is infinite (the input's own when the radius is 0);
    /// the region of interest is the output rectangle joined with the disc's bounds.
    static let circleSplashDistortion = FilterDefinition(
        name: "CICircleSplashDistortion", display: "Circle Splash Distortion", categories: RadialDistortion.categories,
        summary: "Distorts the pixels starting at the circumference of a circle and emanating outward.",
        parameters: [
            .image(),
            RadialDistortion.centre(),
            .distance(kCIInputRadiusKey, 150, min: 0, sliderMin: 0, sliderMax: 1000,
                      summary: "The radius determines how many pixels are used to create the distortion. The larger the radius, the wider the extent of the distortion."),
        ], mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image() else { return nil }
        let (centre, radius) = RadialDistortion.disc(args)
        guard radius > 0 else { return image }
        let disc = PixelRect(covering: RadialDistortion.bounds(centre, radius))
        return RadialDistortion.warp(image, "circleSplash", "\(centre) \(radius)", extent: .infinite,
                                     roi: { $0.union(disc).outset(2, 2) }) { p in
            let v = p - centre
            let r = (v * v).sum().squareRoot()
            guard r > radius else { return (p, 1) }
            return (centre + v * (radius / r), 1)
        }
    }
}
