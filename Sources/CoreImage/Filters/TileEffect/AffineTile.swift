import Foundation

extension FilterCatalog {
    /// CIAffineTile: the input's extent repeated over the plane, then moved by `inputTransform`; each output
    /// pixel samples the repeated input at T⁻¹(p), with bilinear neighbours wrapping around the extent's edges
    /// so the seams are the input's own pixels. An input with an infinite extent is only transformed.
    static let affineTile = FilterDefinition(
        name: "CIAffineTile", display: "Affine Tile", categories: TileGeometry.categories,
        summary: "Applies an affine transform to an image and then tiles the transformed image.",
        parameters: [
            .image(),
            FilterParameter(kCIInputTransformKey, .transform, type: "CIAttributeTypeTransform", summary: "The transform to apply to the image.",
                            default: .transform(.identity), identity: .transform(.identity)),
        ], mac: "10.4", iOS: "6"
    ) { args in
        guard let image = args.image() else { return nil }
        let t = args.transform(kCIInputTransformKey)
        if image.extent.isEffectivelyInfinite { return image.transformed(by: t) }
        let period = image.pixelExtent
        guard !period.isEmpty, t.a * t.d - t.b * t.c != 0 else { return Image.empty }
        let m = t.inverted()
        let (a, b, c, d, tx, ty) = (Double(m.a), Double(m.b), Double(m.c), Double(m.d), Double(m.tx), Double(m.ty))
        let kernel = TileWarp(name: "affineTile", signature: "[\(t.a) \(t.b) \(t.c) \(t.d) \(t.tx) \(t.ty)] \(period)",
                              sampling: image.samplingMode, source: period, period: period) { p in
            (SIMD2(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty), 1)
        }
        return image.applying(area: kernel)
    }
}
