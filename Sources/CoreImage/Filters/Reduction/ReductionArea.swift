import Foundation

extension FilterArguments {
    /// `inputExtent` in whole pixels, cut to `image`'s extent when that is finite (the reductions that pick values
    /// — minima, maxima, bounds — look only at the image's own pixels); `nil` when nothing or an infinite area is left.
    func reductionArea(of image: Image) -> PixelRect? {
        var area = PixelRect(covering: rect(kCIInputExtentKey))
        if !image.extent.isEffectivelyInfinite { area = area.intersection(image.pixelExtent) }
        guard !area.isEmpty, !area.isInfinite else { return nil }
        return area
    }
}

extension FilterParameter {
    /// `inputExtent` of a reduction: a rectangle, by default (0, 0, 640, 80) as Apple's attributes give it.
    static func reductionExtent(_ summary: String = "A rectangle that specifies the subregion of the image that you want to process.") -> FilterParameter {
        .rectangle(kCIInputExtentKey, [0, 0, 640, 80], summary: summary)
    }
}
