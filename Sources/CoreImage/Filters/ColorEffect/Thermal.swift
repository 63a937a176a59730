import Foundation

extension FilterCatalog {
    /// CIThermal: Apple publishes only the look (a thermal camera's false colours). Here the pixel's Rec. 709
    /// luminance runs through a ramp of five sRGB colours, evenly spaced: dark blue (0, 0, 0.5), cyan (0, 1, 1),
    /// green (0, 1, 0), yellow (1, 1, 0), red (1, 0, 0) (interpolated in the linear working space); alpha kept.
    static let thermal = FilterDefinition(
        name: "CIThermal", categories: [kCategory.colorEffect, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage],
        summary: "Apply a “Thermal” style effect to an image.",
        parameters: [.image()], mac: "10.11", iOS: "10"
    ) { args in
        guard let image = args.image() else { return nil }
        return thermalRamp.apply(to: image, name: "thermal")
    }

    static let thermalRamp = LuminanceRamp(sRGB: [SIMD3(0, 0, 0.5), SIMD3(0, 1, 1), SIMD3(0, 1, 0), SIMD3(1, 1, 0), SIMD3(1, 0, 0)])
}
