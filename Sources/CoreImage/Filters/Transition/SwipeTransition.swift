import Foundation

extension FilterCatalog {
    /// CISwipeTransition: a straight edge, perpendicular to the direction `inputAngle`, sweeps across
    /// `inputExtent`, uncovering the target behind it; a band `inputWidth` wide trails the edge. With s a
    /// point's position along the direction, the edge is at e = smin + time·(smax − smin + width) (smin…smax
    /// the extent's span along the direction): s ≥ e shows the image, s ≤ e − width the target, and inside the
    /// band the two are mixed by (e − s)/width and covered by `inputColor` at `inputOpacity`. Apple describes
    /// the look, not the formula; this is the one chosen here. Time 0 returns the image and time 1 the target,
    /// unchanged; in between the extent is the union of the two images' extents.
    static let swipeTransition = FilterDefinition(
        name: "CISwipeTransition", display: "Swipe", categories: [kCategory.transition, kCategory.video, kCategory.stillImage],
        summary: "Transitions from one image to another by simulating a swiping action.",
        parameters: [
            .image(),
            .image("inputTargetImage", summary: "The target image for a transition."),
            .rectangle(kCIInputExtentKey, [0, 0, 300, 300], summary: "The extent of the effect."),
            .color(kCIInputColorKey, FilterColor(1, 1, 1, 1), opaque: true, summary: "The color of the swipe."),
            Transition.time(),
            .angle(kCIInputAngleKey, 0, summary: "The angle of the swipe."),
            .distance(kCIInputWidthKey, 300, min: 0.1, sliderMin: 0.1, sliderMax: 800, summary: "The width of the swipe"),
            .scalar("inputOpacity", 0, min: 0, sliderMin: 0, sliderMax: 1, identity: 0, summary: "The opacity of the swipe."),
        ], mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image(), let target = args.image("inputTargetImage") else { return nil }
        let time = args.number(kCIInputTimeKey)
        if time <= 0 { return image }
        if time >= 1 { return target }
        let area = args.rect(kCIInputExtentKey).standardized
        guard !area.isNull, !area.isEffectivelyInfinite else { return nil }
        let angle = args.number(kCIInputAngleKey), width = max(args.number(kCIInputWidthKey), 0.1)
        let direction = SIMD2(cos(angle), sin(angle))
        let (low, high) = Transition.span(area, direction)
        let edge = low + time * (high - low + width)
        let color = args.color(kCIInputColorKey).premultipliedWorking, opacity = Float(min(max(args.number("inputOpacity"), 0), 1))
        let kernel = ClosureKernel(name: "swipe", signature: "\(direction) \(edge) \(width) \(color) \(opacity)", arity: 2,
                                   extent: { $0[0].extent.union($0[1].extent) }) { inputs, p in
            let s = Double(p.x) * direction.x + Double(p.y) * direction.y
            if s >= edge { return inputs[0] }
            if s <= edge - width { return inputs[1] }
            let q = Float((edge - s) / width)
            let base = inputs[0] + (inputs[1] - inputs[0]) * q
            return base + (color - base) * opacity
        }
        return image.applying(kernel, [target])
    }
}

/// Shared by the transitions.
enum Transition {
    /// `inputTime`, Apple's attributes.
    static func time() -> FilterParameter {
        .scalar(kCIInputTimeKey, 0, type: "CIAttributeTypeTime", min: 0, max: 1, sliderMin: 0, sliderMax: 1, identity: 0,
                summary: "The parametric time of the transition. This value drives the transition from start (at time 0) to end (at time 1).")
    }

    /// A mask pixel's level (unpremultiplied): its linear Rec. 709 luminance limited to 0…1.
    @inline(__always) static func maskLevel(_ u: SIMD4<Float>) -> Float {
        min(max(u.x * 0.2125 + u.y * 0.7154 + u.z * 0.0721, 0), 1)
    }

    /// The distance from `centre` to the farthest corner of `rect`.
    static func farthestCorner(_ rect: CGRect, from centre: SIMD2<Double>) -> Double {
        [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)]
            .map { ((Double($0.0) - centre.x) * (Double($0.0) - centre.x) + (Double($0.1) - centre.y) * (Double($0.1) - centre.y)).squareRoot() }
            .max()!
    }

    /// The smallest and largest projection of `rect`'s corners on `direction`.
    static func span(_ rect: CGRect, _ direction: SIMD2<Double>) -> (Double, Double) {
        let projections = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)]
            .map { Double($0.0) * direction.x + Double($0.1) * direction.y }
        return (projections.min()!, projections.max()!)
    }
}
