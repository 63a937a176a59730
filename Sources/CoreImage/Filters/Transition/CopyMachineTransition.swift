import Foundation

extension FilterCatalog {
    /// CICopyMachineTransition: a bar of light `inputWidth` wide, perpendicular to the direction `inputAngle`,
    /// sweeps across `inputExtent`; behind it the target shows, ahead of it the image. With s a point's position
    /// along the direction, smin…smax the extent's span and w the width, the bar's middle is at
    /// e = smin − w/2 + time·(smax − smin + w); points with s < e show the target, the others the image, and inside
    /// the extent the light mixes `inputColor` in by clamp(opacity·(1 − |s − e|/(w/2)), 0, 1) (so an opacity
    /// above 1, Apple's default 1.3, gives the bar a flat bright core). Apple describes the look, not the formula;
    /// this is the one chosen here. Time 0 returns the image and time 1 the target, unchanged; in between the
    /// extent is the union of the two images' extents.
    static let copyMachineTransition = FilterDefinition(
        name: "CICopyMachineTransition", display: "Copy Machine", categories: [kCategory.transition, kCategory.video, kCategory.stillImage],
        summary: "Transitions from one image to another by simulating the effect of a copy machine.",
        parameters: [
            .image(),
            .image(kCIInputTargetImageKey, summary: "The target image for a transition."),
            .rectangle(kCIInputExtentKey, [0, 0, 300, 300], summary: "A rectangle that defines the extent of the effect."),
            .color(kCIInputColorKey, FilterColor(0.6, 1, 0.8, 1), opaque: true, summary: "The color of the copier light."),
            Transition.time(),
            .scalar(kCIInputAngleKey, 0, type: "CIAttributeTypeAngle", min: 0, sliderMin: 0, sliderMax: 2 * Double.pi, identity: 0,
                    summary: "The angle of the copier light."),
            .distance(kCIInputWidthKey, 200, min: 0.1, sliderMin: 0.1, sliderMax: 500, identity: 200, summary: "The width of the copier light."),
            .scalar("inputOpacity", 1.3, min: 0, sliderMin: 0, sliderMax: 3, identity: 1.3,
                    summary: "The opacity of the copier light. A value of 0.0 is transparent. A value of 1.0 is opaque."),
        ], mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image(), let target = args.image(kCIInputTargetImageKey) else { return nil }
        let time = args.number(kCIInputTimeKey)
        if time <= 0 { return image }
        if time >= 1 { return target }
        let area = args.rect(kCIInputExtentKey).standardized
        guard !area.isNull, !area.isEffectivelyInfinite else { return nil }
        let angle = args.number(kCIInputAngleKey), width = max(args.number(kCIInputWidthKey), 0.1)
        let direction = SIMD2(cos(angle), sin(angle))
        let (low, high) = Transition.span(area, direction)
        let edge = low - width / 2 + time * (high - low + width)
        let opacity = max(args.number("inputOpacity"), 0)
        let color = args.color(kCIInputColorKey).premultipliedWorking
        let box = (Double(area.minX), Double(area.minY), Double(area.maxX), Double(area.maxY))
        let kernel = ClosureKernel(name: "copyMachine", signature: "\(direction) \(edge) \(width) \(opacity) \(color) \(box)", arity: 2,
                                   extent: { $0[0].extent.union($0[1].extent) }) { inputs, p in
            let x = Double(p.x), y = Double(p.y)
            let s = x * direction.x + y * direction.y
            let base = s < edge ? inputs[1] : inputs[0]
            guard x >= box.0, x < box.2, y >= box.1, y < box.3 else { return base }
            let light = Float(min(max(opacity * (1 - abs(s - edge) / (width / 2)), 0), 1))
            return base + (color - base) * light
        }
        return image.applying(kernel, [target])
    }
}
