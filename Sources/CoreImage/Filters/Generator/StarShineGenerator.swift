import Foundation

extension FilterCatalog {
    /// CIStarShineGenerator: a star of `inputColor` with a cross of rays, over clear, infinite. For a point at
    /// distance r from `inputCenter`: a halo h = e·R/(r + e·R) (R = `inputRadius`, e = 10^`inputEpsilon`, so h = 1
    /// at the centre), and for each of the two rays through the centre at `inputCrossAngle` and a quarter turn
    /// further, with a the distance along and w across the ray, exp(−(w/width)²)·exp(−|a|/(scale·width))
    /// (width = `inputCrossWidth`, scale = `inputCrossScale`), weighted by o = clamp(1 + `inputCrossOpacity`/8, 0, 1).
    /// The output is the colour times min(1, h + o·(ray₁ + ray₂)). Apple shows the look, not the formula; this is
    /// the one chosen here. The extent is infinite: crop it.
    static let starShineGenerator = FilterDefinition(
        name: "CIStarShineGenerator", display: "Star Shine", categories: [kCategory.generator, kCategory.video, kCategory.stillImage],
        summary: "Generates a starburst-like effect.",
        parameters: [
            RadialDistortion.centre(),
            FilterParameter(kCIInputColorKey, .color, summary: "The color to use for the outer shell of the circular star.", default: .color(FilterColor(1, 0.8, 0.6, 1))),
            .distance(kCIInputRadiusKey, 50, min: 0, sliderMin: 0, sliderMax: 300, summary: "The radius of the star."),
            .scalar("inputCrossScale", 15, min: 0, sliderMin: 0, sliderMax: 100, identity: 15, summary: "The size of the cross pattern."),
            .angle("inputCrossAngle", 0.6, identity: nil, summary: "The angle in radians of the cross pattern."),
            .scalar("inputCrossOpacity", -2, min: -8, sliderMin: -8, sliderMax: 0, identity: -2, summary: "The opacity of the cross pattern."),
            .distance("inputCrossWidth", 2.5, min: 0, sliderMin: 0.5, sliderMax: 10, summary: "The width of the cross pattern."),
            .scalar("inputEpsilon", -2, min: -8, sliderMin: -8, sliderMax: 0, identity: -2, summary: "The length of the cross spikes."),
        ], mac: "10.4", iOS: "9"
    ) { args in
        let c = args.point(kCIInputCenterKey), centre = SIMD2(Double(c.x), Double(c.y))
        let halo = pow(10, args.number("inputEpsilon")) * max(args.number(kCIInputRadiusKey), 0)
        let angle = args.number("inputCrossAngle"), width = max(args.number("inputCrossWidth"), 1e-3)
        let length = max(args.number("inputCrossScale"), 0) * width
        let opacity = min(max(1 + args.number("inputCrossOpacity") / 8, 0), 1)
        let axis = SIMD2(cos(angle), sin(angle))
        let color = args.color(kCIInputColorKey).premultipliedWorking
        return .generating(ClosureKernel(name: "starShine", signature: "\(centre) \(halo) \(axis) \(width) \(length) \(opacity) \(color)", arity: 0,
                                         extent: { _ in .infinite }) { _, p in
            let v = SIMD2(Double(p.x), Double(p.y)) - centre
            let r = (v * v).sum().squareRoot()
            let h = halo > 0 ? halo / (r + halo) : 0
            let a = (v * axis).sum(), w = v.x * -axis.y + v.y * axis.x
            func ray(_ along: Double, _ across: Double) -> Double {
                length > 0 ? exp(-(across / width) * (across / width)) * exp(-abs(along) / length) : 0
            }
            return color * Float(min(1, h + opacity * (ray(a, w) + ray(w, a))))
        })
    }
}
