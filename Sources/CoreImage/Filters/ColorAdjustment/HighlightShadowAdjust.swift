import Foundation

extension FilterCatalog {
    /// CIHighlightShadowAdjust: with L the Rec. 709 luminance (of a Gaussian blur of σ = `inputRadius` when the
    /// radius is above 0, else of the pixel), clamped to [0, 1]:
    /// `rgb × (1 + shadowAmount × (1 − L)² − (1 − highlightAmount) × L²)`.
    static let highlightShadowAdjust = FilterDefinition(
        name: "CIHighlightShadowAdjust", categories: [kCategory.stylize, kCategory.video, kCategory.stillImage, kCategory.interlaced, kCategory.nonSquarePixels],
        summary: "Adjust the tonal mapping of an image while preserving spatial detail.",
        parameters: [
            .image(),
            .scalar(kCIInputRadiusKey, 0, min: 0, sliderMin: 0, sliderMax: 10, identity: 0, summary: "Shadow Highlight Radius."),
            .scalar("inputShadowAmount", 0, min: -1, max: 1, sliderMin: -1, sliderMax: 1, identity: 0, summary: "The amount of adjustment to the shadows of the image."),
            .scalar("inputHighlightAmount", 1, min: 0, max: 1, sliderMin: 0.3, sliderMax: 1, identity: 1, summary: "The amount of adjustment to the highlights of the image."),
        ], mac: "10.7", iOS: "5"
    ) { args in
        guard let image = args.image() else { return nil }
        let shadows = args.float("inputShadowAmount"), highlights = 1 - args.float("inputHighlightAmount")
        let radius = args.number(kCIInputRadiusKey)
        let guide = radius > 0 ? GaussianBlur.apply(image.clamped(to: image.extent), sigma: radius).cropped(to: image.extent) : image
        let kernel = ClosureKernel(name: "highlightShadow", signature: "\(shadows) \(highlights) \(radius)", arity: 2, unpremultiplied: true,
                                   opaque: { $0[0].isOpaque }) { inputs, _ in
            let p = inputs[0], g = inputs[1]
            let l = min(max(Luma.of(g), 0), 1)
            let factor = 1 + shadows * (1 - l) * (1 - l) - highlights * l * l
            return SIMD4(p.x * factor, p.y * factor, p.z * factor, p.w)
        }
        return image.applying(kernel, [guide])
    }
}
