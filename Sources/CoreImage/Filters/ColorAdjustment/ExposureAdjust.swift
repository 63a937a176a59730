import Foundation

extension FilterCatalog {
    /// CIExposureAdjust: `rgb × 2^EV` in the linear working space (Apple's documented formula, F-stops).
    static let exposureAdjust = FilterDefinition(
        name: "CIExposureAdjust", categories: [kCategory.colorAdjustment, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Adjusts the exposure setting for an image similar to the way you control exposure for a camera when you change the F-stop.",
        parameters: [
            .image(),
            .scalar("inputEV", 0, sliderMin: -10, sliderMax: 10, identity: 0, summary: "The amount to adjust the exposure of the image by. The larger the value, the brighter the exposure."),
        ]
    ) { args in
        guard let image = args.image() else { return nil }
        let k = Float(pow(2, args.number("inputEV")))
        return image.applying(OperationsKernel(name: "exposure", operations: [.matrix(.scale(k, k, k))], unpremultiplied: false))
    }
}
