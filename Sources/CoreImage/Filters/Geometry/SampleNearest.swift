import Foundation

extension FilterCatalog {
    /// CISampleNearest: the input unchanged, marked so that warps and transforms reading it sample the nearest
    /// pixel instead of interpolating (as `samplingNearest()`).
    static let sampleNearest = FilterDefinition(
        name: "CISampleNearest", categories: [kCategory.stylize, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Produces an image that forces the image sampling to “nearest” mode instead of the default “linear” mode. This filter can be used to alter the behavior of filters that alter the geometry of an image. The output of this filter should be passed as the input to the geometry filter. For example, passing the output of this filter to CIAffineTransform can be used to produce a pixelated upsampled image.",
        parameters: [.image()], mac: "10.14", iOS: "12"
    ) { args in
        args.image()?.sampling(.nearest)
    }
}
