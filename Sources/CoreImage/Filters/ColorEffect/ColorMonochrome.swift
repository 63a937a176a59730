import Foundation

extension FilterCatalog {
    /// CIColorMonochrome: with L the Rec. 709 luminance and c the colour in the working space,
    /// `rgb' = mix(rgb, L × c, intensity)` on unpremultiplied values.
    static let colorMonochrome = FilterDefinition(
        name: "CIColorMonochrome", categories: [kCategory.colorEffect, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage],
        summary: "Remaps colors so they fall within shades of a single color.",
        parameters: [
            .image(),
            .color(kCIInputColorKey, FilterColor(0.6, 0.45, 0.3, 1), opaque: true, summary: "The monochrome color to apply to the image."),
            .scalar(kCIInputIntensityKey, 1, min: 0, sliderMin: 0, sliderMax: 1, identity: 0, summary: "The intensity of the monochrome effect."),
        ]
    ) { args in
        guard let image = args.image() else { return nil }
        let c = args.color(kCIInputColorKey).premultipliedWorking
        let i = args.number(kCIInputIntensityKey)
        let w = [0.2125, 0.7154, 0.0721]
        let tint = [Double(c.x), Double(c.y), Double(c.z)]
        var m = [Double](repeating: 0, count: 9)
        for row in 0..<3 { for column in 0..<3 { m[row * 3 + column] = (1 - i) * (row == column ? 1 : 0) + i * tint[row] * w[column] } }
        return image.applying(operationsKernel("colorMonochrome", [.matrix(.rgb(m))], unpremultiplied: false))
    }
}
