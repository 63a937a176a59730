import Foundation

extension FilterCatalog {
    /// CIBoxBlur: the mean over a (2r + 1)² square, r = `inputRadius` rounded to a whole pixel (window sums,
    /// ``BoxFilter``; r ≤ 3000).
    static let boxBlur = FilterDefinition(
        name: "CIBoxBlur", categories: [kCategory.blur, kCategory.video, kCategory.stillImage],
        summary: "Blurs an image using a box-shaped convolution kernel.",
        parameters: [.image(), .distance(kCIInputRadiusKey, 10, min: 1, sliderMin: 1, sliderMax: 100, summary: "The radius determines how many pixels are used to create the blur. The larger the radius, the blurrier the result.")],
        mac: "10.4", iOS: "9"
    ) { args in
        guard let image = args.image() else { return nil }
        let r = max(0, Int(min(args.number(kCIInputRadiusKey), 3000).rounded()))
        guard r > 0 else { return image }
        return image.applying(area: BoxFilter(name: "boxBlur", radius: r))
    }
}
