import Foundation

extension FilterCatalog {
    /// CIDisparityToDepth: depth = 1 / disparity, on each unpremultiplied colour component, alpha unchanged;
    /// the inverse of ``depthToDisparity``. A disparity ≤ 0 (infinitely far or no measurement) gives 0 rather
    /// than an infinite depth.
    static let disparityToDepth = FilterDefinition(
        name: "CIDisparityToDepth", display: "Disparity To Depth", categories: [kCategory.colorAdjustment, kCategory.video, kCategory.stillImage],
        summary: "Convert a disparity data image to depth data.",
        parameters: [.image()], mac: "10.13", iOS: "11"
    ) { args in
        guard let image = args.image() else { return nil }
        return image.mapping("disparityToDepth", "") { p in SIMD4(Reciprocal.of(p.x), Reciprocal.of(p.y), Reciprocal.of(p.z), p.w) }
    }
}
