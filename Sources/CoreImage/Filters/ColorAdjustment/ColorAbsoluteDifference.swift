import Foundation

extension FilterCatalog {
    /// CIColorAbsoluteDifference: `rgb = |rgb₁ − rgb₂|` on unpremultiplied colour and `alpha = α₁·α₂`
    /// (Apple's documented rule), so the extent is the intersection of the two images' extents (outside
    /// either, alpha is 0). Without `inputImage2` there is no output.
    static let colorAbsoluteDifference = FilterDefinition(
        name: "CIColorAbsoluteDifference", display: "Color Absolute Difference",
        categories: [kCategory.colorAdjustment, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage],
        summary: "Produces an image that is the absolute value of the color difference between two images. The alpha channel of the result will be the product of the two image alpha channels.",
        parameters: [
            .image(),
            FilterParameter("inputImage2", .image, display: "Image2", summary: "The second input image for differencing."),
        ], mac: "11.0", iOS: "14"
    ) { args in
        guard let image = args.image(), let other = args.image("inputImage2") else { return nil }
        let kernel = ClosureKernel(name: "colorAbsoluteDifference", signature: "", arity: 2, unpremultiplied: true,
                                   extent: { $0[0].extent.intersection($0[1].extent) },
                                   opaque: { $0[0].isOpaque && $0[1].isOpaque }) { inputs, _ in
            let a = inputs[0], b = inputs[1]
            return SIMD4(abs(a.x - b.x), abs(a.y - b.y), abs(a.z - b.z), a.w * b.w)
        }
        return image.applying(kernel, [other])
    }
}
