import Foundation

extension FilterCatalog {
    /// CIXRay: Apple publishes only the look (a radiograph: a cool-tinted negative). Here the pixel's Rec. 709
    /// luminance runs through a ramp from the sRGB colour (0.9, 0.95, 1) at black to black at white (interpolated
    /// in the linear working space); alpha kept.
    static let xRay = FilterDefinition(
        name: "CIXRay", display: "X-Ray",
        categories: [kCategory.colorEffect, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage],
        summary: "Apply an “XRay” style effect to an image.",
        parameters: [.image()], mac: "10.11", iOS: "10"
    ) { args in
        guard let image = args.image() else { return nil }
        return xRayRamp.apply(to: image, name: "xRay")
    }

    static let xRayRamp = LuminanceRamp(sRGB: [SIMD3(0.9, 0.95, 1), SIMD3(0, 0, 0)])
}
