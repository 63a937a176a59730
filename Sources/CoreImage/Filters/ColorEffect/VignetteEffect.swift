import Foundation

extension FilterCatalog {
    /// CIVignetteEffect: with d = |p − center| in pixels,
    /// `rgb × (1 − intensity × smoothstep(radius × (1 − falloff), radius, d))`, alpha unchanged.
    static let vignetteEffect = FilterDefinition(
        name: "CIVignetteEffect", categories: [kCategory.colorEffect, kCategory.video, kCategory.interlaced, kCategory.stillImage],
        summary: "Modifies the brightness of an image around the periphery of a specified region.",
        parameters: [
            .image(),
            .position(kCIInputCenterKey, 150, 150, summary: "The center of the effect as x and y pixel coordinates."),
            .distance(kCIInputRadiusKey, 150, min: 0, sliderMin: 0, sliderMax: 2000, summary: "The distance from the center of the effect."),
            .scalar(kCIInputIntensityKey, 1, min: -1, max: 1, sliderMin: -1, sliderMax: 1, identity: 0, summary: "The intensity of the effect."),
            .scalar("inputFalloff", 0.5, min: 0, max: 1, sliderMin: 0, sliderMax: 1, summary: "The falloff of the effect."),
        ], mac: "10.9", iOS: "7"
    ) { args in
        guard let image = args.image() else { return nil }
        let center = args.point(kCIInputCenterKey)
        let radius = Float(args.number(kCIInputRadiusKey)), falloff = Float(min(max(args.number("inputFalloff"), 0), 1))
        return image.applying(VignetteKernel(center: SIMD2(Float(center.x), Float(center.y)), scale: 1,
                                             inner: radius * (1 - falloff), outer: radius, intensity: args.float(kCIInputIntensityKey)))
    }
}
