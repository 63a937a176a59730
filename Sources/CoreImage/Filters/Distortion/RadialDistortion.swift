import Foundation

/// The maths shared by the circular distortions (`Filters/Distortion`): each output pixel centre p is mapped,
/// in double precision, to the input position it shows, and the input is sampled there with its own sampling
/// (bilinear unless `samplingNearest()`), as `TileWarp` does. Apple publishes the parameters and pictures of
/// these filters, not their formulas; each filter's file states the map chosen here, and
/// `Tests/CoreImageTests/References/reference.py` re-implements it in numpy.
enum RadialDistortion {
    /// The centre and radius of a centre/radius filter.
    static func disc(_ args: FilterArguments) -> (centre: SIMD2<Double>, radius: Double) {
        let c = args.point(kCIInputCenterKey)
        return (SIMD2(Double(c.x), Double(c.y)), args.number(kCIInputRadiusKey))
    }

    /// The bounding box of the disc.
    static func bounds(_ centre: SIMD2<Double>, _ radius: Double) -> CGRect {
        CGRect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius)
    }

    /// `image`'s extent joined with the disc's bounding box (an infinite extent stays infinite): the extent of
    /// a distortion that only moves pixels within the disc.
    static func extent(_ image: Image, _ centre: SIMD2<Double>, _ radius: Double) -> CGRect {
        image.extent.isEffectivelyInfinite ? .infinite : image.extent.union(bounds(centre, radius))
    }

    /// The region of interest of a distortion that only moves pixels within the disc: the output rectangle,
    /// joined with the disc's bounding box when the rectangle reaches into it, grown by two pixels for
    /// bilinear neighbours.
    static func roi(_ centre: SIMD2<Double>, _ radius: Double) -> @Sendable (PixelRect) -> PixelRect {
        let disc = PixelRect(covering: bounds(centre, radius))
        return { rect in (rect.intersection(disc).isEmpty ? rect : rect.union(disc)).outset(2, 2) }
    }

    /// The warp: `map` takes an output pixel centre to the input position it shows (and a weight, 0 for
    /// clear); the result is cropped to `extent`.
    static func warp(_ image: Image, _ name: String, _ signature: String, extent: CGRect, roi: @escaping @Sendable (PixelRect) -> PixelRect,
                     map: @escaping @Sendable (SIMD2<Double>) -> (SIMD2<Double>, Float)) -> Image {
        let kernel = TileWarp(name: name, signature: signature, sampling: image.samplingMode, source: .infinite, roi: roi, map: map)
        let warped = image.applying(area: kernel)
        return extent.isEffectivelyInfinite ? warped : warped.cropped(to: extent)
    }

    /// `v` turned by `angle` (counter-clockwise).
    @inline(__always) static func rotated(_ v: SIMD2<Double>, _ angle: Double) -> SIMD2<Double> {
        let c = cos(angle), s = sin(angle)
        return SIMD2(c * v.x - s * v.y, s * v.x + c * v.y)
    }

    /// The categories of every distortion.
    static let categories = [kCategory.distortionEffect, kCategory.video, kCategory.stillImage]

    /// The centre parameter of the distortions.
    static func centre() -> FilterParameter {
        .position(kCIInputCenterKey, 150, 150, summary: "The center of the effect as x and y coordinates.")
    }
}
