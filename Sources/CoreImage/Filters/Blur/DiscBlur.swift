import Foundation

extension FilterCatalog {
    /// CIDiscBlur: the mean over the pixels whose centres lie within `inputRadius` (at most 500) of the output pixel's centre.
    static let discBlur = FilterDefinition(
        name: "CIDiscBlur", categories: [kCategory.blur, kCategory.video, kCategory.stillImage],
        summary: "Blurs an image using a disc-shaped convolution kernel.",
        parameters: [.image(), .distance(kCIInputRadiusKey, 8, min: 0, sliderMin: 0, sliderMax: 100, summary: "The radius determines how many pixels are used to create the blur. The larger the radius, the blurrier the result.")],
        mac: "10.4", iOS: "9"
    ) { args in
        guard let image = args.image() else { return nil }
        let r = min(args.number(kCIInputRadiusKey), 500)
        return r < 1 ? image : image.applying(area: DiscConvolution(radius: r))
    }
}
