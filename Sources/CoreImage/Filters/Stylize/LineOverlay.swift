import Foundation

extension FilterCatalog {
    /// CILineOverlay: a sketch of the image's edges in black on clear. Following Apple's description of the steps:
    /// noise is removed first (`CINoiseReduction` with `inputNRNoiseLevel` and `inputNRSharpness`), edges are traced
    /// (`CIEdges` with `inputEdgeIntensity`), and the edges' linear Rec. 709 luminance E becomes a line coverage
    /// clamp((E − `inputThreshold`)·`inputContrast`, 0, 1); the output is black with that alpha (premultiplied
    /// (0, 0, 0, coverage)). A higher threshold thins the lines, a higher contrast makes their edges harder. The
    /// coverage formula is the one chosen here. The extent is the image's.
    static let lineOverlay = FilterDefinition(
        name: "CILineOverlay", display: "Line Overlay", categories: [kCategory.stylize, kCategory.video, kCategory.stillImage],
        summary: "Creates a sketch that outlines the edges of an image in black.",
        parameters: [
            .image(),
            .scalar("inputNRNoiseLevel", 0.07, min: 0, sliderMin: 0, sliderMax: 0.1, identity: 0,
                    summary: "The noise level of the image (used with camera data) that gets removed before tracing the edges of the image. Increasing the noise level helps to clean up the traced edges of the image."),
            .scalar("inputNRSharpness", 0.71, min: 0, sliderMin: 0, sliderMax: 2, identity: 0,
                    summary: "The amount of sharpening done when removing noise in the image before tracing the edges of the image. This improves the edge acquisition."),
            .scalar("inputEdgeIntensity", 1, min: 0, sliderMin: 0, sliderMax: 200, identity: 0,
                    summary: "The accentuation factor of the Sobel gradient information when tracing the edges of the image. Higher values find more edges, although typically a low value (such as 1.0) is used."),
            .scalar("inputThreshold", 0.1, min: 0, sliderMin: 0, sliderMax: 1, identity: 0,
                    summary: "This value determines edge visibility. Larger values thin out the edges."),
            .scalar(kCIInputContrastKey, 50, min: 0.25, sliderMin: 0.25, sliderMax: 200, identity: 1,
                    summary: "The amount of anti-aliasing to use on the edges produced by this filter. Higher values produce higher contrast edges (they are less anti-aliased)."),
        ], mac: "10.5", iOS: "9"
    ) { args in
        guard let image = args.image() else { return nil }
        func run(_ definition: FilterDefinition, _ values: [String: ParameterValue]) throws -> Image? {
            try definition.apply(FilterArguments(values, definition: definition))
        }
        guard let quiet = try run(noiseReduction, [kCIInputImageKey: .image(image), "inputNoiseLevel": .number(args.number("inputNRNoiseLevel")),
                                                   kCIInputSharpnessKey: .number(args.number("inputNRSharpness"))]),
              let traced = try run(edges, [kCIInputImageKey: .image(quiet), kCIInputIntensityKey: .number(args.number("inputEdgeIntensity"))])
        else { return nil }
        let threshold = args.float("inputThreshold"), contrast = args.float(kCIInputContrastKey)
        return traced.applying(ClosureKernel(name: "lineOverlay", signature: "\(threshold) \(contrast)", arity: 1) { inputs, _ in
            let e = inputs[0]
            let coverage = min(max((e.x * 0.2125 + e.y * 0.7154 + e.z * 0.0721 - threshold) * contrast, 0), 1)
            return SIMD4(0, 0, 0, coverage)
        })
    }
}
