import Foundation

extension FilterCatalog {
    /// CIDepthToDisparity: disparity = 1 / depth, on each unpremultiplied colour component (a depth map in
    /// metres, grey in red, green and blue, becomes disparity in 1/metres), alpha unchanged. A depth ≤ 0
    /// (no measurement) gives 0 rather than an infinite disparity.
    static let depthToDisparity = FilterDefinition(
        name: "CIDepthToDisparity", display: "Depth To Disparity", categories: [kCategory.colorAdjustment, kCategory.video, kCategory.stillImage],
        summary: "Convert a depth data image to disparity data.",
        parameters: [.image()], mac: "10.13", iOS: "11"
    ) { args in
        guard let image = args.image() else { return nil }
        return image.mapping("depthToDisparity", "") { p in SIMD4(Reciprocal.of(p.x), Reciprocal.of(p.y), Reciprocal.of(p.z), p.w) }
    }
}

/// 1/v for v > 0, else 0 (the depth ⇄ disparity conversions).
enum Reciprocal {
    @inline(__always) static func of(_ v: Float) -> Float { v > 0 ? 1 / v : 0 }
}
