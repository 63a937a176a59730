import Foundation

extension FilterCatalog {
    /// CIDistanceGradientFromRedMask: an infinite gradient of the distance to a mask. A pixel is in the mask when its
    /// (premultiplied) red is above 0.5; outside the input's extent pixels are clear, so never in it. For every pixel,
    /// d is the Euclidean distance between its centre and the nearest mask pixel's centre (0 in the mask), and the
    /// output is opaque grey v = min(d / `inputMaximumDistance`, 1) in all three channels (Apple promises the red
    /// channel; green and blue repeat it here). The distances are exact (a distance transform over the mask within
    /// ⌈maximum⌉ + 1 pixels, `RedMaskDistanceKernel`); a maximum of 0 gives 0 in the mask and 1 elsewhere; values
    /// beyond Apple's maximum of 1000 are read as 1000. Apple publishes no sub-pixel rule; centre to centre is the
    /// choice made here.
    static let distanceGradientFromRedMask = FilterDefinition(
        name: "CIDistanceGradientFromRedMask", display: "Distance Gradient From Red Mask",
        categories: [kCategory.gradient, kCategory.video, kCategory.stillImage],
        summary: "Produces an infinite image where the red channel contains the distance in pixels from each pixel to the mask.",
        parameters: [
            .image(summary: "The input image whose red channel defines a mask. If the red channel pixel value is greater than 0.5 then the point is considered in the mask and output pixel will be zero. Otherwise the output pixel will be a value between zero and one."),
            .distance("inputMaximumDistance", 10, min: 0, max: 1000, sliderMin: 0, sliderMax: 1000,
                      summary: "Determines the maximum distance to the mask that can be measured. Distances between zero and the maximum will be normalized to zero and one."),
        ], mac: "15.0", iOS: "18"
    ) { args in
        guard let image = args.image() else { return nil }
        return image.applying(area: RedMaskDistanceKernel(maximum: args.number("inputMaximumDistance"), signed: false))
    }
}
