import Foundation

extension FilterCatalog {
    /// CIColorMatrix, Apple's documented formula on unpremultiplied values:
    /// `r' = dot(s, R)`, `g' = dot(s, G)`, `b' = dot(s, B)`, `a' = dot(s, A)`, then `+ bias`.
    static let colorMatrix = FilterDefinition(
        name: "CIColorMatrix", categories: [kCategory.colorAdjustment, kCategory.video, kCategory.stillImage, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.highDynamicRange],
        summary: "Multiplies source color values and adds a bias factor to each color component.",
        parameters: [
            .image(),
            .vector("inputRVector", [1, 0, 0, 0], identity: [1, 0, 0, 0], summary: "The amount of red to multiply the source color values by."),
            .vector("inputGVector", [0, 1, 0, 0], identity: [0, 1, 0, 0], summary: "The amount of green to multiply the source color values by."),
            .vector("inputBVector", [0, 0, 1, 0], identity: [0, 0, 1, 0], summary: "The amount of blue to multiply the source color values by."),
            .vector("inputAVector", [0, 0, 0, 1], identity: [0, 0, 0, 1], summary: "The amount of alpha to multiply the source color values by."),
            .vector("inputBiasVector", [0, 0, 0, 0], identity: [0, 0, 0, 0], summary: "A vector that’s added to each color component."),
        ]
    ) { args in
        guard let image = args.image() else { return nil }
        func row(_ key: String) -> [Float] { (args.vector(key) + [0, 0, 0, 0]).prefix(4).map(Float.init) }
        let matrix = ColorMatrix(rows: [row("inputRVector"), row("inputGVector"), row("inputBVector"), row("inputAVector")], bias: row("inputBiasVector"))
        let changesAlpha = !matrix.preservesAlpha
        let kernel = operationsKernel("colorMatrix", [.matrix(matrix)])
        return changesAlpha ? Image(.pixel(kernel, [image]), extent: image.extent, isOpaque: false) : image.applying(kernel)
    }
}
