import Foundation

extension FilterCatalog {
    /// CIHoleDistortion: a clear hole of `inputRadius` around `inputCenter`, the image pushed outward around
    /// it: a point at distance r ≥ radius shows the input at distance √(r² − radius²) along the same ray (the
    /// centre is stretched around the hole's rim, and far away the image is nearly unmoved). `inputRadius` is
    /// at least 0.01 (Apple's minimum). The extent is the input's grown by the radius; the region of interest
    /// of an output rectangle is the box around it and the centre.
    static let holeDistortion = FilterDefinition(
        name: "CIHoleDistortion", display: "Hole Distortion", categories: RadialDistortion.categories,
        summary: "Creates a circular area that pushes the image pixels outward, distorting those pixels closest to the circle the most.",
        parameters: [
            .image(),
            RadialDistortion.centre(),
            .distance(kCIInputRadiusKey, 150, min: 0.01, sliderMin: 0.01, sliderMax: 1000, identity: 0.1,
                      summary: "The radius determines how many pixels are used to create the distortion. The larger the radius, the wider the extent of the distortion."),
        ], mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image() else { return nil }
        let (centre, radius) = RadialDistortion.disc(args)
        let extent = image.extent.isEffectivelyInfinite ? CGRect.infinite : image.extent.insetBy(dx: -CGFloat(radius), dy: -CGFloat(radius))
        let point = PixelRect(covering: CGRect(x: centre.x, y: centre.y, width: 0, height: 0)).outset(1, 1)
        return RadialDistortion.warp(image, "hole", "\(centre) \(radius)", extent: extent, roi: { $0.union(point).outset(2, 2) }) { p in
            let v = p - centre
            let r2 = (v * v).sum()
            guard r2 >= radius * radius, r2 > 0 else { return (p, 0) }
            return (centre + v * ((r2 - radius * radius).squareRoot() / r2.squareRoot()), 1)
        }
    }
}
