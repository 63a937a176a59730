import Foundation

extension FilterCatalog {
    /// CILabDeltaE: the CIE 1994 colour difference ΔE*94 (graphic-arts weights: kL = 1, K1 = 0.045,
    /// K2 = 0.015, the first image as reference) between the two images' unpremultiplied colours, both taken
    /// from the working space (linear sRGB primaries) to CIE L*a*b* with the D65 white. The result is
    /// opaque, with ΔE in red, green and blue (about 0…100; 2 is a just-noticeable difference, as Apple
    /// documents), over the intersection of the two extents. Without `inputImage2` there is no output.
    static let labDeltaE = FilterDefinition(
        name: "CILabDeltaE", display: "Lab ∆E",
        categories: [kCategory.colorEffect, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage],
        summary: "Produces an image with the Lab ∆E difference values between two images. The result image will contain ∆E 1994 values between 0.0 and 100.0 where 2.0 is considered a just noticeable difference.",
        parameters: [
            .image(),
            FilterParameter("inputImage2", .image, display: "Image2", summary: "The second input image for comparison."),
        ], mac: "10.15", iOS: "13"
    ) { args in
        guard let image = args.image(), let other = args.image("inputImage2") else { return nil }
        let kernel = ClosureKernel(name: "labDeltaE", signature: "", arity: 2, unpremultiplied: true,
                                   extent: { $0[0].extent.intersection($0[1].extent) }, opaque: { _ in true }) { inputs, _ in
            let e = Float(Lab.deltaE94(Lab.from(inputs[0]), Lab.from(inputs[1])))
            return SIMD4(e, e, e, 1)
        }
        return image.applying(kernel, [other])
    }
}
