import Foundation

extension FilterCatalog {
    /// CICircularWrap: the input is bent around a clear disc of `inputRadius` about `inputCenter`. The vertical
    /// line through the centre stays in place above the disc (turned by `inputAngle`); a point at distance
    /// r ≥ radius whose direction is φ away from there (counter-clockwise, −π…π) shows the input at
    /// (centre.x − φ·radius, centre.y + r): arc length along the rim becomes horizontal distance, and distance
    /// from the centre becomes height, so rows farther up wrap on larger circles. Inside the disc is clear.
    /// The extent is the square around the centre reaching the input's top (nothing above it can be shown).
    static let circularWrap = FilterDefinition(
        name: "CICircularWrap", display: "Circular Wrap Distortion", categories: RadialDistortion.categories,
        summary: "Wraps an image around a transparent circle.",
        parameters: [
            .image(),
            RadialDistortion.centre(),
            .distance(kCIInputRadiusKey, 150, min: 0, sliderMin: 0, sliderMax: 600,
                      summary: "The radius determines how many pixels are used to create the distortion. The larger the radius, the wider the extent of the distortion."),
            .angle(kCIInputAngleKey, 0, summary: "The angle of the effect."),
        ], mac: "10.5", iOS: "9"
    ) { args in
        guard let image = args.image() else { return nil }
        let (centre, radius) = RadialDistortion.disc(args)
        let angle = args.number(kCIInputAngleKey)
        let top = image.extent.isEffectivelyInfinite ? Double.infinity : Double(image.extent.maxY) - centre.y
        guard top > max(radius, 0) else { return Image.empty }
        let extent = top.isFinite ? RadialDistortion.bounds(centre, top) : CGRect.infinite
        return RadialDistortion.warp(image, "circularWrap", "\(centre) \(radius) \(angle)", extent: extent, roi: { rect in
            // Rows from the rectangle's nearest to its farthest distance from the centre; columns within π·radius
            // of the centre (the most a direction can be from the top).
            let r = rect.cgRect
            let dx = max(Double(r.minX) - centre.x, 0, centre.x - Double(r.maxX)), dy = max(Double(r.minY) - centre.y, 0, centre.y - Double(r.maxY))
            let near = (dx * dx + dy * dy).squareRoot(), far = Kaleidoscope.farthest(centre, rect)
            let reach = Double.pi * max(radius, 0)
            return PixelRect(covering: CGRect(x: centre.x - reach, y: centre.y + near, width: 2 * reach, height: far - near)).outset(2, 2)
        }) { p in
            let v = p - centre
            let r = (v * v).sum().squareRoot()
            guard r >= radius else { return (p, 0) }
            var phi = atan2(v.y, v.x) - (angle + Double.pi / 2)
            phi -= (phi / (2 * Double.pi)).rounded() * 2 * Double.pi
            return (SIMD2(centre.x - phi * radius, centre.y + r), 1)
        }
    }
}
