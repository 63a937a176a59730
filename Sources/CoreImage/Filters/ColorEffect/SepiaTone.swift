import Foundation

extension FilterCatalog {
    /// CISepiaTone: `mix(rgb, S · rgb, intensity)` with the classic sepia matrix
    /// S = [0.393 0.769 0.189; 0.349 0.686 0.168; 0.272 0.534 0.131], in the working space. Apple does not
    /// publish its matrix; this is the common definition. Linear, so it folds with neighbouring matrices.
    static let sepiaTone = FilterDefinition(
        name: "CISepiaTone", categories: [kCategory.colorEffect, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Maps the colors of an image to various shades of brown.",
        parameters: [
            .image(),
            .scalar(kCIInputIntensityKey, 1, min: 0, max: 1, sliderMin: 0, sliderMax: 1, identity: 0, summary: "The intensity of the sepia effect. A value of 1.0 creates a monochrome sepia image. A value of 0.0 has no effect on the image."),
        ]
    ) { args in
        guard let image = args.image() else { return nil }
        let i = args.number(kCIInputIntensityKey)
        let sepia: [Double] = [0.393, 0.769, 0.189, 0.349, 0.686, 0.168, 0.272, 0.534, 0.131]
        let identity: [Double] = [1, 0, 0, 0, 1, 0, 0, 0, 1]
        let matrix = zip(sepia, identity).map { s, e in e * (1 - i) + s * i }
        return image.applying(OperationsKernel(name: "sepia", operations: [.matrix(.rgb(matrix))], unpremultiplied: false))
    }
}
