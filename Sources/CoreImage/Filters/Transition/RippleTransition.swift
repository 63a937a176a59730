import Foundation

extension FilterCatalog {
    /// CIRippleTransition: a ring wave `inputWidth` (w) wide runs out from `inputCenter`, leaving the target behind
    /// it. With D the distance from the centre to the farthest corner of `inputExtent`, the front is at
    /// ρ = time·(D + w); a point at distance d from the centre shows the image when d ≥ ρ and the target when
    /// d ≤ ρ − w. Inside the ring, with x = (ρ − d)/w, both images are sampled at the point moved outward along
    /// its ray by `inputScale`·sin(πx) and mixed, image to target, by x. `inputShadingImage` (Apple's shaded sphere
    /// that lights the wave) is accepted and not used: the wave here is a displacement without lighting. Apple
    /// describes the look, not the formula; this is the one chosen here. Time 0 returns the image and time 1 the
    /// target, unchanged; in between the extent is the union of the two images' extents.
    static let rippleTransition = FilterDefinition(
        name: "CIRippleTransition", display: "Ripple", categories: [kCategory.transition, kCategory.video, kCategory.stillImage],
        summary: "Transitions from one image to another by creating a circular wave that expands from the center point, revealing the new image in the wake of the wave.",
        parameters: [
            .image(),
            .image(kCIInputTargetImageKey, summary: "The target image for a transition."),
            .image(kCIInputShadingImageKey, summary: "An image that looks like a shaded sphere enclosed in a square image."),
            RadialDistortion.centre(),
            .rectangle(kCIInputExtentKey, [0, 0, 300, 300], summary: "A rectangle that defines the extent of the effect."),
            Transition.time(),
            .distance(kCIInputWidthKey, 100, min: 1, sliderMin: 10, sliderMax: 300, summary: "The width of the ripple."),
            .scalar(kCIInputScaleKey, 50, min: -50, sliderMin: -50, sliderMax: 50, identity: 0, summary: "A value that determines whether the ripple starts as a bulge (higher value) or a dimple (lower value)."),
        ], mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image(), let target = args.image(kCIInputTargetImageKey) else { return nil }
        let time = args.number(kCIInputTimeKey)
        if time <= 0 { return image }
        if time >= 1 { return target }
        let area = args.rect(kCIInputExtentKey).standardized
        guard !area.isNull, !area.isEffectivelyInfinite else { return nil }
        let c = args.point(kCIInputCenterKey), centre = SIMD2(Double(c.x), Double(c.y))
        let width = max(args.number(kCIInputWidthKey), 1), scale = args.number(kCIInputScaleKey)
        let front = time * (Transition.farthestCorner(area, from: centre) + width)
        let signature = "\(centre) \(front) \(width) \(scale)"
        let reach = Int(abs(scale).rounded(.up)) + 2
        func warped(_ input: Image) -> Image {
            input.applying(area: TileWarp(name: "ripple", signature: signature, sampling: input.samplingMode, source: .infinite,
                                          roi: { $0.outset(reach, reach) }) { p in
                let v = p - centre
                let d = (v * v).sum().squareRoot()
                let x = (front - d) / width
                guard x > 0, x < 1, d > 0 else { return (p, 1) }
                return (p + v * (scale * sin(Double.pi * x) / d), 1)
            })
        }
        let joint = image.extent.union(target.extent)
        let kernel = ClosureKernel(name: "rippleMix", signature: signature, arity: 2) { inputs, p in
            let dx = Double(p.x) - centre.x, dy = Double(p.y) - centre.y
            let x = Float(min(max((front - (dx * dx + dy * dy).squareRoot()) / width, 0), 1))
            return inputs[0] + (inputs[1] - inputs[0]) * x
        }
        return warped(image).applying(kernel, [warped(target)]).cropped(to: joint)
    }
}
