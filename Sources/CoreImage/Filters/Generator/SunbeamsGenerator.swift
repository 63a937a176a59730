import Foundation

extension FilterCatalog {
    /// CISunbeamsGenerator: a sun of `inputColor` with twelve beams, over clear, infinite. For a point at distance r
    /// and direction θ from `inputCenter`, with R = `inputSunRadius` and L = R·(1 + `inputMaxStriationRadius`):
    /// the sun covers s = clamp(R + ½ − r, 0, 1), the beams b = strength·((1 + cos(12θ − 2π·time))/2)^contrast·
    /// max(0, 1 − r/L) (`inputTime` turns them by a twelfth of a turn over 0…1), and the output is the colour times
    /// min(1, s + b) (premultiplied). Apple shows the look, not the formula; this is the one chosen here. The
    /// extent is infinite: crop it.
    static let sunbeamsGenerator = FilterDefinition(
        name: "CISunbeamsGenerator", display: "Sunbeams", categories: [kCategory.generator, kCategory.video, kCategory.stillImage],
        summary: "Generates a sun effect.",
        parameters: [
            RadialDistortion.centre(),
            .color(kCIInputColorKey, FilterColor(1, 0.5, 0, 1), summary: "The color of the sun."),
            .distance("inputSunRadius", 40, min: 0, sliderMin: 0, sliderMax: 800, identity: 40, summary: "The radius of the sun."),
            .scalar("inputMaxStriationRadius", 2.58, min: 0, sliderMin: 0, sliderMax: 10, identity: 2.58, summary: "The radius of the sunbeams."),
            .scalar("inputStriationStrength", 0.5, min: 0, sliderMin: 0, sliderMax: 3, identity: 0.5, summary: "The intensity of the sunbeams."),
            .scalar("inputStriationContrast", 1.375, min: 0, sliderMin: 0, sliderMax: 5, identity: 1.375, summary: "The contrast of the sunbeams."),
            .scalar(kCIInputTimeKey, 0, min: 0, max: 1, sliderMin: 0, sliderMax: 1, identity: 0, summary: "The duration of the effect."),
        ], mac: "10.4", iOS: "9"
    ) { args in
        let c = args.point(kCIInputCenterKey), centre = SIMD2(Double(c.x), Double(c.y))
        let sun = max(args.number("inputSunRadius"), 0), reach = sun * (1 + max(args.number("inputMaxStriationRadius"), 0))
        let strength = args.number("inputStriationStrength"), contrast = args.number("inputStriationContrast")
        let phase = 2 * Double.pi * args.number(kCIInputTimeKey)
        let color = args.color(kCIInputColorKey).premultipliedWorking
        return .generating(ClosureKernel(name: "sunbeams", signature: "\(centre) \(sun) \(reach) \(strength) \(contrast) \(phase) \(color)", arity: 0,
                                         extent: { _ in .infinite }) { _, p in
            let dx = Double(p.x) - centre.x, dy = Double(p.y) - centre.y
            let r = (dx * dx + dy * dy).squareRoot()
            let disc = min(max(sun + 0.5 - r, 0), 1)
            let beams = reach > 0 ? strength * pow((1 + cos(12 * atan2(dy, dx) - phase)) / 2, contrast) * max(0, 1 - r / reach) : 0
            return color * Float(min(1, disc + beams))
        })
    }
}
