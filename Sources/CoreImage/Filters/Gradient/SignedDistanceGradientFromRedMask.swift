import Foundation

extension FilterCatalog {
    /// CISignedDistanceGradientFromRedMask: `CIDistanceGradientFromRedMask` with a sign. Outside the mask (premultiplied
    /// red ≤ 0.5, and everywhere beyond the input's extent) v = min(d / `inputMaximumDistance`, 1) with d the distance
    /// between pixel centres to the nearest mask pixel; inside it v = −min(d′ / maximum, 1) with d′ the distance to the
    /// nearest pixel outside the mask (so the values step from −1/maximum to +1/maximum across the border; Apple
    /// publishes no sub-pixel rule). Opaque grey (v, v, v, 1) on an infinite extent; exact distances, computed as in
    /// `RedMaskDistanceKernel`.
    static let signedDistanceGradientFromRedMask = FilterDefinition(
        name: "CISignedDistanceGradientFromRedMask", display: "Signed Distance Gradient From Red Mask",
        categories: [kCategory.gradient, kCategory.video, kCategory.stillImage],
        summary: "Produces an infinite image where the red channel contains the distance in pixels from each pixel to the mask.",
        parameters: [
            .image(summary: "The input image whose red channel defines a mask. If the red channel pixel value is greater than 0.5 then the point is considered in the mask and output pixel will be a value between zero and negative one. Otherwise the output pixel will be a value between zero and one."),
            .distance("inputMaximumDistance", 10, min: 0, max: 1000, sliderMin: 0, sliderMax: 1000,
                      summary: "Determines the maximum distance to the mask that can be measured. Distances between zero and the maximum will be normalized to zero and one."),
        ], mac: "15.0", iOS: "18"
    ) { args in
        guard let image = args.image() else { return nil }
        return image.applying(area: RedMaskDistanceKernel(maximum: args.number("inputMaximumDistance"), signed: true))
    }
}
