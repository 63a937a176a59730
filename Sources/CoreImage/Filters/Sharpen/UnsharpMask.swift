import Foundation

extension FilterCatalog {
    /// CIUnsharpMask: `image + intensity × (image − gaussian(image, σ = radius))`, the blur reading clamped edges.
    static let unsharpMask = FilterDefinition(
        name: "CIUnsharpMask", categories: [kCategory.sharpen, kCategory.video, kCategory.stillImage],
        summary: "Increases the contrast of the edges between pixels of different colors in an image.",
        parameters: [
            .image(),
            .distance(kCIInputRadiusKey, 2.5, min: 0, sliderMin: 0, sliderMax: 100, identity: 0, summary: "The radius around a given pixel to apply the unsharp mask. The larger the radius, the more of the image is affected."),
            .scalar(kCIInputIntensityKey, 0.5, min: 0, sliderMin: 0, sliderMax: 1, identity: 0, summary: "The intensity of the effect. The larger the value, the more contrast in the affected area."),
        ]
    ) { args in
        guard let image = args.image() else { return nil }
        let intensity = args.float(kCIInputIntensityKey)
        let blurred = GaussianBlur.apply(image.clamped(to: image.extent), sigma: args.number(kCIInputRadiusKey)).cropped(to: image.extent)
        let kernel = ClosureKernel(name: "unsharpMask", signature: "\(intensity)", arity: 2, opaque: { $0[0].isOpaque }) { inputs, _ in
            let p = inputs[0]
            let sharpened = p + (p - inputs[1]) * intensity
            return SIMD4(sharpened.x, sharpened.y, sharpened.z, p.w)
        }
        return image.applying(kernel, [blurred])
    }
}
