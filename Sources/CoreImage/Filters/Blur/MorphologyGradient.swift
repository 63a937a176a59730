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
        return dilated.applying(MorphologyDifference(), [eroded])
    }
}

/// The dilation minus the erosion, premultiplied: `rgb = high.rgb − low.rgb`, `alpha = high.alpha`.
struct MorphologyDifference: PixelKernel {
    let name = "morphologyGradient"
    let signature = ""
    let arity = 2
    var dependsOnPosition: Bool { false }

    func apply(_ span: PixelSpan) {
        let high = span.pixels, low = span.input1!
        for i in 0..<span.count {
            high[i * 4] -= low[i * 4]; high[i * 4 + 1] -= low[i * 4 + 1]; high[i * 4 + 2] -= low[i * 4 + 2]
        }
    }
}
