import Foundation

extension FilterCatalog {
    /// CIHeightFieldFromMask: a smooth height field from a mask. With m the mask's linear Rec. 709 luminance
    /// (unpremultiplied, limited to 0…1; 0 outside the mask's extent) and b its Gaussian blur with
    /// σ = `inputRadius`/3, the height is clamp(2·b − 1, 0, 1): 0 at the edge of a white shape (where the blur is ½),
    /// rising smoothly to 1 about a radius inside it, 0 outside. The output is that grey, opaque, over the mask's
    /// extent. Apple describes the result (heights rising smoothly from 0 at the mask's edge), not the formula; this
    /// one is chosen here.
    static let heightFieldFromMask = FilterDefinition(
        name: "CIHeightFieldFromMask", display: "Height Field From Mask", categories: [kCategory.stylize, kCategory.video, kCategory.stillImage],
        summary: "Produces a continuous three-dimensional, loft-shaped height field from a grayscale mask.",
        parameters: [
            .image(),
            .distance(kCIInputRadiusKey, 10, min: 0, sliderMin: 0, sliderMax: 300, identity: 10,
                      summary: "The distance from the edge of the mask for the smooth transition is proportional to the input radius. Larger values make the transition smoother and more pronounced. Smaller values make the transition approximate a fillet radius."),
        ], mac: "10.4", iOS: "9"
    ) { args in
        guard let mask = args.image() else { return nil }
        let extent = mask.extent
        let level = mask.applying(ClosureKernel(name: "maskLevel", signature: "", arity: 1, unpremultiplied: true) { inputs, _ in
            let m = Transition.maskLevel(inputs[0])
            return SIMD4(m, m, m, 1)
        }).cropped(to: extent)
        let blurred = GaussianBlur.apply(level, sigma: max(args.number(kCIInputRadiusKey), 0) / 3)
        return blurred.applying(ClosureKernel(name: "heightField", signature: "", arity: 1, extent: { _ in extent }, opaque: { _ in true }) { inputs, _ in
            let h = min(max(2 * inputs[0].x - 1, 0), 1)
            return SIMD4(h, h, h, 1)
        })
    }
}
