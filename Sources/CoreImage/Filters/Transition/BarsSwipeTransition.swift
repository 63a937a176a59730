import Foundation

extension FilterCatalog {
    /// CIBarsSwipeTransition: the plane is cut into bars `inputWidth` wide running in the direction
    /// `inputAngle`; in each bar an edge sweeps along the bar uncovering the target, every other bar
    /// `inputBarOffset` pixels behind its neighbours. With s a point's position along the direction and
    /// smin…smax the span of the two images' joint extent, bar k's edge is at
    /// smin − o_k + time·(smax − smin + offset), o_k = offset for odd k and 0 for even k: points before the
    /// edge show the target, the others the image. Apple describes the look, not the formula; this is the one
    /// chosen here. Time 0 returns the image and time 1 the target, unchanged; in between the extent is the
    /// union of the two (an infinite union gives no output).
    static let barsSwipeTransition = FilterDefinition(
        name: "CIBarsSwipeTransition", display: "Bars Swipe Transition", categories: [kCategory.transition, kCategory.video, kCategory.stillImage],
        summary: "Transitions from one image to another by passing a bar over the source image.",
        parameters: [
            .image(),
            .image("inputTargetImage", summary: "The target image for a transition."),
            .angle(kCIInputAngleKey, Double.pi, sliderMin: 0, sliderMax: 2 * Double.pi, identity: 0, summary: "The angle (in radians) of the bars."),
            .distance(kCIInputWidthKey, 30, min: 2, sliderMin: 2, sliderMax: 300, summary: "The width of each bar."),
            .scalar("inputBarOffset", 10, min: 1, sliderMin: 1, sliderMax: 100, summary: "The offset of one bar with respect to another"),
            Transition.time(),
        ], mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image(), let target = args.image("inputTargetImage") else { return nil }
        let time = args.number(kCIInputTimeKey)
        if time <= 0 { return image }
        if time >= 1 { return target }
        let joint = image.extent.union(target.extent)
        guard !joint.isNull, !joint.isEffectivelyInfinite else { return nil }
        let angle = args.number(kCIInputAngleKey), width = max(args.number(kCIInputWidthKey), 2), offset = max(args.number("inputBarOffset"), 1)
        let direction = SIMD2(cos(angle), sin(angle)), across = SIMD2(-sin(angle), cos(angle))
        let (low, high) = Transition.span(joint, direction)
        let progress = time * (high - low + offset)
        let kernel = ClosureKernel(name: "barsSwipe", signature: "\(direction) \(width) \(offset) \(low) \(progress)", arity: 2,
                                   extent: { $0[0].extent.union($0[1].extent) }) { inputs, p in
            let q = SIMD2(Double(p.x), Double(p.y))
            let bar = ((q * across).sum() / width).rounded(.down)
            let delay = bar.truncatingRemainder(dividingBy: 2) == 0 ? 0 : offset
            return (q * direction).sum() < low - delay + progress ? inputs[1] : inputs[0]
        }
        return image.applying(kernel, [target])
    }
}
