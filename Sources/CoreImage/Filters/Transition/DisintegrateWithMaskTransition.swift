import Foundation

extension FilterCatalog {
    /// CIDisintegrateWithMaskTransition: the image falls away where the mask is darker than the time, uncovering
    /// the target. With m the mask's linear Rec. 709 luminance (unpremultiplied, limited to 0…1; clear outside the
    /// mask's extent), a pixel shows the image while m ≥ time and the target once m < time, so the mask's dark
    /// parts go first. What is left of the image casts a shadow on the target: the coverage (1 where the image
    /// remains) blurred with a Gaussian of σ = `inputShadowRadius`/3, moved by `inputShadowOffset`, darkens the
    /// target's colour (not its alpha) by `inputShadowDensity` × that value. Apple describes the look, not the
    /// formula; this is the one chosen here. Time 0 returns the image and time 1 the target, unchanged; in
    /// between the extent is the union of the image's and the target's.
    static let disintegrateWithMaskTransition = FilterDefinition(
        name: "CIDisintegrateWithMaskTransition", display: "Disintegrate With Mask",
        categories: [kCategory.transition, kCategory.video, kCategory.stillImage],
        summary: "Transitions from one image to another using the shape defined by a mask.",
        parameters: [
            .image(),
            .image(kCIInputTargetImageKey, summary: "The target image for a transition."),
            .image(kCIInputMaskImageKey, summary: "An image that defines the shape to use when disintegrating from the source to the target image."),
            Transition.time(),
            .distance("inputShadowRadius", 8, min: 0, sliderMin: 0, sliderMax: 50, summary: "The radius of the shadow created by the mask."),
            .scalar("inputShadowDensity", 0.65, min: 0, max: 1, sliderMin: 0, sliderMax: 1, identity: 0,
                    summary: "The density of the shadow created by the mask."),
            .offset("inputShadowOffset", 0, -10, identity: [0, 0], summary: "The offset of the shadow created by the mask."),
        ], mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image(), let target = args.image(kCIInputTargetImageKey), let mask = args.image(kCIInputMaskImageKey)
        else { return nil }
        let time = args.number(kCIInputTimeKey)
        if time <= 0 { return image }
        if time >= 1 { return target }
        let threshold = Float(time)
        let coverage = mask.applying(ClosureKernel(name: "disintegrateCoverage", signature: "\(threshold)", arity: 1, unpremultiplied: true) { inputs, _ in
            Transition.maskLevel(inputs[0]) >= threshold ? SIMD4(1, 1, 1, 1) : .zero
        })
        let offset = args.point("inputShadowOffset")
        let shadow = GaussianBlur.apply(coverage, sigma: args.number("inputShadowRadius") / 3)
            .transformed(by: CGAffineTransform(translationX: offset.x, y: offset.y))
        let density = Float(min(max(args.number("inputShadowDensity"), 0), 1))
        let kernel = ClosureKernel(name: "disintegrate", signature: "\(threshold) \(density)", arity: 4,
                                   extent: { $0[0].extent.union($0[1].extent) }) { inputs, _ in
            let m = inputs[2]
            let level = m.w > 0 ? Transition.maskLevel(m / m.w) : 0
            if level >= threshold { return inputs[0] }
            let dark = 1 - density * min(max(inputs[3].w, 0), 1)
            return SIMD4(inputs[1].x * dark, inputs[1].y * dark, inputs[1].z * dark, inputs[1].w)
        }
        return image.applying(kernel, [target, mask, shadow])
    }
}
