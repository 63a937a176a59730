import Foundation

extension FilterCatalog {
    /// CIAccordionFoldTransition: the image folds up like an accordion towards its bottom while cross-fading into
    /// the target. With the image's extent (x₀, y₀, W, H), b = min(`inputBottomHeight`, H) and N the rounded
    /// number of folds: the bottom b rows stay in place and the H − b rows above them are squeezed into
    /// h = (H − b)·(1 − time) rows, a point at height y₀ + b + v (0 ≤ v < h) showing the image at
    /// y₀ + b + v·(H − b)/h (sampled bilinearly); of the N equal panels the squeezed part is cut into, the
    /// odd-numbered ones (counted from the bottom) turn away from the light and their colour is multiplied by
    /// 1 − `inputFoldShadowAmount`·time. The folded image lies over the target, and the result is mixed with the
    /// target by time. Apple shows the look, not the formula; this is the one chosen here (orthographic folds, no
    /// perspective). Time 0 returns the image and time 1 the target, unchanged; in between the extent is the
    /// union of the two images' extents. An image with an infinite extent has no bottom to fold to: no output.
    static let accordionFoldTransition = FilterDefinition(
        name: "CIAccordionFoldTransition", display: "Accordion Fold Transition",
        categories: [kCategory.transition, kCategory.video, kCategory.stillImage],
        summary: "Transitions from one image to another of a differing dimensions by unfolding.",
        parameters: [
            .image(),
            .image(kCIInputTargetImageKey, summary: "The target image for a transition."),
            .distance("inputBottomHeight", 0, min: 0,
                      summary: "The height in pixels from the bottom of the image to the bottom of the folded part of the transition."),
            .scalar("inputNumberOfFolds", 3, min: 1, max: 50, sliderMin: 1, sliderMax: 10, summary: "The number of folds used in the transition."),
            .scalar("inputFoldShadowAmount", 0.1, min: 0, max: 1, sliderMin: 0, sliderMax: 1, summary: "A value that specifies the intensity of the shadow in the transition."),
            Transition.time(),
        ], mac: "10.10", iOS: "8"
    ) { args in
        guard let image = args.image(), let target = args.image(kCIInputTargetImageKey) else { return nil }
        let time = args.number(kCIInputTimeKey)
        if time <= 0 { return image }
        if time >= 1 { return target }
        let e = image.extent
        guard !e.isNull, !e.isEmpty, !e.isEffectivelyInfinite else { return nil }
        let x0 = Double(e.minX), x1 = Double(e.maxX), y0 = Double(e.minY), height = Double(e.height)
        let bottom = min(max(args.number("inputBottomHeight"), 0), height)
        let folds = max(1, min(50, args.number("inputNumberOfFolds").rounded()))
        let shade = Float(min(max(args.number("inputFoldShadowAmount"), 0), 1) * time)
        let span = height - bottom, squeezed = span * (1 - time), base = y0 + bottom
        let signature = "\(e) \(bottom) \(folds) \(time)"
        let folded = image.applying(area: TileWarp(name: "accordionFold", signature: signature, sampling: image.samplingMode,
                                                   source: PixelRect(covering: e).outset(2, 2)) { p in
            guard p.y >= base else { return (p, 1) }
            let v = p.y - base
            guard v < squeezed, p.x >= x0, p.x < x1 else { return (p, 0) }
            return (SIMD2(p.x, base + v * span / squeezed), 1)
        })
        let kernel = ClosureKernel(name: "accordionMix", signature: "\(signature) \(shade)", arity: 2,
                                   extent: { _ in e.union(target.extent) }) { inputs, p in
            var page = inputs[0]
            let v = Double(p.y) - base
            if v >= 0, v < squeezed, Int((v / squeezed * folds).rounded(.down)) % 2 == 1 {
                page = SIMD4(page.x * (1 - shade), page.y * (1 - shade), page.z * (1 - shade), page.w)
            }
            let over = page + inputs[1] * (1 - page.w)
            return over + (inputs[1] - over) * Float(time)
        }
        return folded.applying(kernel, [target])
    }
}
