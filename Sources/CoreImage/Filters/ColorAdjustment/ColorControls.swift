import Foundation

extension FilterCatalog {
    /// CIColorControls, Apple's documented steps in this order: saturation (interpolate from the Rec. 709
    /// luminance gray, weights 0.2125/0.7154/0.0721, at 0 to the image at 1, extrapolating beyond), brightness
    /// (`rgb + brightness`), contrast (`(rgb − 0.5) × contrast + 0.5`), on unpremultiplied working values.
    static let colorControls = FilterDefinition(
        name: "CIColorControls", categories: [kCategory.colorAdjustment, kCategory.video, kCategory.stillImage, kCategory.interlaced, kCategory.nonSquarePixels],
        summary: "Adjusts saturation, brightness, and contrast values.",
        parameters: [
            .image(),
            .scalar("inputSaturation", 1, min: 0, sliderMin: 0, sliderMax: 2, identity: 1, summary: "The amount of saturation to apply. The larger the value, the more saturated the result."),
            .scalar("inputBrightness", 0, min: -1, sliderMin: -1, sliderMax: 1, identity: 0, summary: "The amount of brightness to apply. The larger the value, the brighter the result."),
            .scalar("inputContrast", 1, min: 0, sliderMin: 0.25, sliderMax: 4, identity: 1, summary: "The amount of contrast to apply. The larger the value, the more contrast in the resulting image."),
        ]
    ) { args in
        guard let image = args.image() else { return nil }
        let s = args.number("inputSaturation"), b = args.number("inputBrightness"), c = args.number("inputContrast")
        let w = [0.2125, 0.7154, 0.0721]
        var m = [Double](repeating: 0, count: 9)
        for row in 0..<3 { for column in 0..<3 { m[row * 3 + column] = c * ((1 - s) * w[column] + (row == column ? s : 0)) } }
        let bias = Array(repeating: c * b + 0.5 * (1 - c), count: 3)
        return image.applying(OperationsKernel(name: "colorControls", operations: [.matrix(.rgb(m, bias: bias))], unpremultiplied: true))
    }
}
