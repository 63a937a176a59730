import Foundation

extension FilterCatalog {
    /// CIMaskedVariableBlur: a Gaussian blur whose σ is `inputRadius` × the mask's luminance (0 where the mask is
    /// black, the full radius where it is white), see ``VariableBlur``. The extent is the image's.
    static let maskedVariableBlur = FilterDefinition(
        name: "CIMaskedVariableBlur", categories: [kCategory.blur, kCategory.video, kCategory.stillImage],
        summary: "Blurs an image according to the brightness levels in a mask image.",
        parameters: [
            .image(),
            .image("inputMask", summary: "The mask image that determines how much to blur the image. The mask’s green channel value from 0.0 to 1.0 determines if the image is not blurred or blurred by the full radius."),
            .distance(kCIInputRadiusKey, 5, min: 0, sliderMin: 0, sliderMax: 100, identity: 0, summary: "A value that governs the maximum blur radius to apply."),
        ], mac: "10.10", iOS: "8"
    ) { args in
        guard let image = args.image(), let mask = args.image("inputMask") else { return nil }
        let r = args.number(kCIInputRadiusKey)
        return r <= 0.01 ? image : image.applying(area: VariableBlur(radius: r), [mask])
    }
}
