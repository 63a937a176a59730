import Foundation

extension FilterCatalog {
    /// CIGammaAdjust: `pow(rgb, power)` on unpremultiplied working values (Apple's documented formula),
    /// sign-mirrored for negative values.
    static let gammaAdjust = FilterDefinition(
        name: "CIGammaAdjust", categories: [kCategory.colorAdjustment, kCategory.video, kCategory.stillImage, kCategory.interlaced, kCategory.nonSquarePixels],
        summary: "Adjusts midtone brightness.",
        parameters: [.image(), .scalar("inputPower", 1, sliderMin: 0.25, sliderMax: 4, identity: 1, summary: "A gamma value to use to correct image brightness. The larger the value, the darker the result.")]
    ) { args in
        guard let image = args.image() else { return nil }
        let power = args.number("inputPower")
        let curve = ToneCurve(name: "gamma \(power)", extended: true, parametric: ([power, 1, 0, 0, 0, 0, 0], false)) { pow($0, power) }
        return image.applying(operationsKernel("gamma", [.curve(curve)]))
    }
}
