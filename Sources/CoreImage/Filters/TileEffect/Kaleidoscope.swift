import Foundation

extension FilterCatalog {
    /// CIKaleidoscope: `inputCount` mirrors through `inputCenter`: the wedge between the directions
    /// `inputAngle` and `inputAngle + π/count` is reflected around the centre, 2·count copies in all (twelve for
    /// the default six). A point at distance ρ and direction α (relative to `inputAngle`) samples the input at
    /// distance ρ in direction α' = α mod 2π/count, mirrored to 2π/count − α' when above π/count. The count is
    /// rounded to a whole number of at least 1. The region of interest of an output rectangle is the wedge cut
    /// at the rectangle's farthest distance from the centre.
    static let kaleidoscope = FilterDefinition(
        name: "CIKaleidoscope", display: "Kaleidoscope", categories: TileGeometry.categories,
        summary: "Produces a kaleidoscopic image from a source image by applying 12-way symmetry.",
        parameters: [
            .image(),
            .scalar("inputCount", 6, min: 1, sliderMin: 1, sliderMax: 64, summary: "The number of reflections in the pattern."),
            TileGeometry.centre("The x and y position to use as the center of the effect."),
            .angle(kCIInputAngleKey, 0, summary: "The angle of reflection."),
        ], mac: "10.5", iOS: "9"
    ) { args in
        guard let image = args.image() else { return nil }
        let count = max(1, args.number("inputCount").rounded())
        let c = args.point(kCIInputCenterKey), angle = args.number(kCIInputAngleKey)
        let centre = SIMD2(Double(c.x), Double(c.y))
        let sector = Double.pi / count
        let kernel = TileWarp(name: "kaleidoscope", signature: "\(count) \(centre) \(angle)", sampling: image.samplingMode, source: .infinite,
                              roi: { rect in Kaleidoscope.wedge(centre, angle, sector, radius: Kaleidoscope.farthest(centre, rect)) }) { p in
            let r = p - centre
            let rho = (r * r).sum().squareRoot()
            var alpha = TileGeometry.reduced(atan2(r.y, r.x) - angle, 2 * sector)
            if alpha > sector { alpha = 2 * sector - alpha }
            return (centre + rho * SIMD2(cos(alpha + angle), sin(alpha + angle)), 1)
        }
        return image.applying(area: kernel)
    }
}

enum Kaleidoscope {
    /// The largest distance from `centre` to a point of `rect`.
    static func farthest(_ centre: SIMD2<Double>, _ rect: PixelRect) -> Double {
        let dx = max(abs(Double(rect.x) - centre.x), abs(Double(rect.maxX) - centre.x))
        let dy = max(abs(Double(rect.y) - centre.y), abs(Double(rect.maxY) - centre.y))
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The pixels covering the wedge from `start` to `start + sector` cut at `radius` (its corners and the
    /// axis directions inside it), grown for bilinear neighbours.
    static func wedge(_ centre: SIMD2<Double>, _ start: Double, _ sector: Double, radius: Double) -> PixelRect {
        var angles = [start, start + sector]
        var k = (start / (Double.pi / 2)).rounded(.up)
        while k * Double.pi / 2 < start + sector { angles.append(k * Double.pi / 2); k += 1 }
        return TileWarp.bounds([centre] + angles.map { centre + radius * SIMD2(cos($0), sin($0)) })
    }
}
