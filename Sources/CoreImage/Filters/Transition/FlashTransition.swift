import Foundation

extension FilterCatalog {
    /// CIFlashTransition: a flash of `inputColor` grows from `inputCenter` until it fills `inputExtent`, then
    /// fades into the target. With f = `inputFadeThreshold`, D the distance from the centre to the extent's
    /// farthest corner and, for a point at distance r and direction θ from the centre:
    /// * until time f the flash's core has radius R = D·time/f, and twelve rays reach beyond it to
    ///   R·g(θ), g = 1 + strength·maxStriationRadius·((1 + cos 12θ)/2)^contrast; the flash covers a point by
    ///   k = 1 inside the core, 1 − (r − R)/(R·(g − 1) + 1) beyond it (never below 0), and 0 outside the extent;
    /// * the flash colour is laid over the image with that coverage (source over), and from time f on
    ///   (R = D: the extent is covered) the result is mixed with the target by (time − f)/(1 − f).
    /// Apple describes the look (a starburst that fills the frame, then fades to the target), not the formula;
    /// this is the one chosen here. Time 0 returns the image and time 1 the target, unchanged; in between the
    /// extent is the union of the two images' extents.
    static let flashTransition = FilterDefinition(
        name: "CIFlashTransition", display: "Flash", categories: [kCategory.transition, kCategory.video, kCategory.stillImage],
        summary: "Transitions from one image to another by creating a flash.",
        parameters: [
            .image(),
            .image(kCIInputTargetImageKey, summary: "The target image for a transition."),
            RadialDistortion.centre(),
            .rectangle(kCIInputExtentKey, [0, 0, 300, 300], summary: "The extent of the flash."),
            .color(kCIInputColorKey, FilterColor(1, 0.8, 0.6, 1), summary: "The color of the light rays emanating from the flash."),
            Transition.time(),
            .scalar("inputMaxStriationRadius", 2.58, min: 0, sliderMin: 0, sliderMax: 10, summary: "The radius of the light rays emanating from the flash."),
            .scalar("inputStriationStrength", 0.5, min: 0, sliderMin: 0, sliderMax: 3, summary: "The strength of the light rays emanating from the flash."),
            .scalar("inputStriationContrast", 1.375, min: 0, sliderMin: 0, sliderMax: 5, summary: "The contrast of the light rays emanating from the flash."),
            .scalar("inputFadeThreshold", 0.85, min: 0, max: 1, sliderMin: 0, sliderMax: 1,
                    summary: "The amount of fade between the flash and the target image. The higher the value, the more flash time and the less fade time."),
        ], mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image(), let target = args.image(kCIInputTargetImageKey) else { return nil }
        let time = args.number(kCIInputTimeKey)
        if time <= 0 { return image }
        if time >= 1 { return target }
        let area = args.rect(kCIInputExtentKey).standardized
        let c = args.point(kCIInputCenterKey), centre = SIMD2(Double(c.x), Double(c.y))
        let fade = min(max(args.number("inputFadeThreshold"), 0), 1)
        let reach = area.isNull || area.isEffectivelyInfinite ? 0 : Transition.farthestCorner(area, from: centre)
        let radius = time < fade ? reach * time / fade : reach
        let mix = time < fade ? 0 : Float((time - fade) / (1 - fade))
        let rays = args.number("inputStriationStrength") * args.number("inputMaxStriationRadius")
        let contrast = args.number("inputStriationContrast")
        let color = args.color(kCIInputColorKey).premultipliedWorking
        let box = (area.isNull || area.isEffectivelyInfinite) ? (0.0, 0.0, 0.0, 0.0)
            : (Double(area.minX), Double(area.minY), Double(area.maxX), Double(area.maxY))
        let kernel = ClosureKernel(name: "flash", signature: "\(centre) \(box) \(radius) \(mix) \(rays) \(contrast) \(color)", arity: 2,
                                   extent: { $0[0].extent.union($0[1].extent) }) { inputs, p in
            let x = Double(p.x), y = Double(p.y)
            var k: Float = 0
            if x >= box.0, x < box.2, y >= box.1, y < box.3 {
                let dx = x - centre.x, dy = y - centre.y
                let r = (dx * dx + dy * dy).squareRoot()
                if r <= radius {
                    k = 1
                } else {
                    let g = 1 + rays * pow((1 + cos(12 * atan2(dy, dx))) / 2, contrast)
                    k = Float(max(0, 1 - (r - radius) / (radius * (g - 1) + 1)))
                }
            }
            let flashed = color * k + inputs[0] * (1 - k * color.w)
            return flashed + (inputs[1] - flashed) * mix
        }
        return image.applying(kernel, [target])
    }
}
