import Foundation

extension FilterCatalog {
    /// CIMorphologyGradient: dilation minus erosion over a disc of `inputRadius` (see ``morphologyDisc(_:_:summary:)``):
    /// premultiplied `rgb = max.rgb − min.rgb`, `alpha = max.alpha`, so an opaque photo gives opaque edges on black
    /// (and the result stays a valid premultiplied colour). A radius below 1 gives black with the input's alpha.
    static let morphologyGradient = FilterDefinition(
        name: "CIMorphologyGradient", categories: morphologyCategories,
        summary: "Finds the edges of an image by returning the difference between the morphological minimum and maximum operations to the image.",
        parameters: [
            .image(),
            .distance(kCIInputRadiusKey, 5, min: 0, sliderMin: 0, sliderMax: 50,
                      summary: "The desired radius of the circular morphological operation to the image."),
        ],
        mac: "10.13", iOS: "11"
    ) { args in
        guard let image = args.image() else { return nil }
        let radius = min(args.number(kCIInputRadiusKey), 1000)
        let dilated = radius < 1 ? image : image.applying(area: Morphology.disc(.maximum, radius: radius))
        let eroded = radius < 1 ? image : image.applying(area: Morphology.disc(.minimum, radius: radius))
        let difference = ClosureKernel(name: "morphologyGradient", signature: "", arity: 2, extent: { $0[0].extent },
                                       opaque: { inputs in inputs[0].isOpaque }) { pixels, _ in
            let high = pixels[0], low = pixels[1]
            return SIMD4(high.x - low.x, high.y - low.y, high.z - low.z, high.w)
        }
        return dilated.applying(difference, [eroded])
    }
}
