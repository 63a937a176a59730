import Foundation

extension FilterCatalog {
    /// CIColorInvert: `rgb' = 1 − rgb` on unpremultiplied values, alpha unchanged.
    static let colorInvert = FilterDefinition(
        name: "CIColorInvert", categories: [kCategory.colorEffect, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage],
        summary: "Inverts the colors in an image.",
        parameters: [.image()]
    ) { args in
        guard let image = args.image() else { return nil }
        return image.applying(operationsKernel("colorInvert", [.matrix(.rgb([-1, 0, 0, 0, -1, 0, 0, 0, -1], bias: [1, 1, 1]))]))
    }
}
