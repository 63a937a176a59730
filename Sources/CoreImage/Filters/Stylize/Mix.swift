import Foundation

extension FilterCatalog {
    /// CIMix: `background + (image − background)·amount` on premultiplied colour, with `inputAmount` limited to
    /// 0…1 as Apple documents (0 or less gives the background, 1 or more the image, unchanged and with its
    /// own extent). In between, the extent is the union of the two (outside an image it is clear).
    static let mix = FilterDefinition(
        name: "CIMix", display: "Mix", categories: [kCategory.stylize, kCategory.video, kCategory.stillImage],
        summary: "Uses an amount parameter to interpolate between an image and a background image. When value is 0.0 or less, the result is the background image. When the value is 1.0 or more, the result is the image.",
        parameters: [
            .image(),
            .image(kCIInputBackgroundImageKey, summary: "The image to use as a background image."),
            .scalar(kCIInputAmountKey, 1, sliderMin: 0, sliderMax: 1, identity: 1, summary: "The amount of the effect."),
        ], mac: "10.15", iOS: "13"
    ) { args in
        guard let image = args.image(), let background = args.image(kCIInputBackgroundImageKey) else { return nil }
        let amount = Float(min(max(args.number(kCIInputAmountKey), 0), 1))
        if amount >= 1 { return image }
        if amount <= 0 { return background }
        let kernel = ClosureKernel(name: "mix", signature: "\(amount)", arity: 2, extent: { $0[0].extent.union($0[1].extent) },
                                   opaque: { $0[0].isOpaque && $0[1].isOpaque && $0[0].extent == $0[1].extent }) { inputs, _ in
            inputs[1] + (inputs[0] - inputs[1]) * amount
        }
        return image.applying(kernel, [background])
    }
}
