import Foundation

extension FilterCatalog {
    /// CIMaximumComponent: a grey image of max(r, g, b) (`rgb' = max(r, g, b)`), alpha unchanged. Computed on
    /// premultiplied values, which gives the same result as on unpremultiplied ones (alpha scales all three).
    static let maximumComponent = FilterDefinition(
        name: "CIMaximumComponent", display: "Maximum Component",
        categories: [kCategory.colorEffect, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage],
        summary: "Returns a grayscale image from max(r,g,b).",
        parameters: [.image()], mac: "10.5", iOS: "6"
    ) { args in
        guard let image = args.image() else { return nil }
        return image.applying(ClosureKernel(name: "maximumComponent", signature: "", arity: 1, opaque: { $0[0].isOpaque }) { inputs, _ in
            let p = inputs[0]
            let m = max(p.x, max(p.y, p.z))
            return SIMD4(m, m, m, p.w)
        })
    }
}
