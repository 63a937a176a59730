import Foundation

extension FilterCatalog {
    /// CIColorCube: a 3-D lookup table (`inputCubeDimension`³ RGBA float texels, red varying fastest, then green,
    /// then blue; premultiplied) sampled trilinearly at the unpremultiplied working RGB (clamped to [0, 1]); the
    /// result is multiplied by the input alpha. Invalid data (wrong size) gives no output, as on Apple.
    static let colorCube = FilterDefinition(
        name: "CIColorCube", categories: [kCategory.colorEffect, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage],
        summary: "Uses a three-dimensional color table to transform the source image pixels.",
        parameters: [
            .image(),
            .scalar("inputCubeDimension", 2, type: "CIAttributeTypeCount", min: 2, max: 128, identity: 2, summary: "The dimension of the color cube."),
            FilterParameter("inputCubeData", .data, summary: "Data containing a 3-dimensional color table of floating-point premultiplied RGBA values.",
                            default: .data(ColorCubeTable.identityData(dimension: 2))),
            .boolean("inputExtrapolate", false, summary: "If true, then the color cube will be extrapolated if the input image contains RGB component values outside the range 0.0 to 1.0."),
        ], mac: "10.4", iOS: "5"
    ) { args in
        guard let image = args.image(), let table = ColorCubeTable(dimension: Int(args.number("inputCubeDimension")), data: args.data("inputCubeData")) else { return nil }
        return ColorCubeTable.apply(table, to: image, from: nil)
    }
}

/// A parsed colour cube and its trilinear lookup.
struct ColorCubeTable: Sendable {
    let dimension: Int
    let texels: [SIMD4<Float>]

    init?(dimension: Int, data: Data?) {
        guard dimension >= 2, dimension <= 128, let data, data.count == dimension * dimension * dimension * 16 else { return nil }
        self.dimension = dimension
        texels = data.withUnsafeBytes { raw in
            (0..<(dimension * dimension * dimension)).map { i in
                let f = raw.baseAddress!.advanced(by: i * 16).assumingMemoryBound(to: Float.self)
                return SIMD4(f[0], f[1], f[2], f[3])
            }
        }
    }

    static func identityData(dimension n: Int) -> Data {
        var values: [Float] = []
        for b in 0..<n { for g in 0..<n { for r in 0..<n {
            values += [Float(r) / Float(n - 1), Float(g) / Float(n - 1), Float(b) / Float(n - 1), 1]
        } } }
        return values.withUnsafeBytes { Data($0) }
    }

    func lookup(_ p: SIMD4<Float>) -> SIMD4<Float> {
        let n = dimension, scale = Float(n - 1)
        func split(_ v: Float) -> (Int, Float) {
            let t = min(max(v, 0), 1) * scale
            let i = min(Int(t), n - 2)
            return (i, t - Float(i))
        }
        let (r, fr) = split(p.x), (g, fg) = split(p.y), (b, fb) = split(p.z)
        func at(_ r: Int, _ g: Int, _ b: Int) -> SIMD4<Float> { texels[(b * n + g) * n + r] }
        let c00 = at(r, g, b) * (1 - fr) + at(r + 1, g, b) * fr
        let c10 = at(r, g + 1, b) * (1 - fr) + at(r + 1, g + 1, b) * fr
        let c01 = at(r, g, b + 1) * (1 - fr) + at(r + 1, g, b + 1) * fr
        let c11 = at(r, g + 1, b + 1) * (1 - fr) + at(r + 1, g + 1, b + 1) * fr
        let c0 = c00 * (1 - fg) + c10 * fg, c1 = c01 * (1 - fg) + c11 * fg
        return c0 * (1 - fb) + c1 * fb
    }

    /// The cube applied to `image`, optionally looked up in `space` (values converted there and back).
    static func apply(_ table: ColorCubeTable, to image: Image, from space: CGColorSpace?) -> Image {
        var input = image
        if let space { input = Image(.colorMatch(.fromWorking(space), input), extent: input.extent, isOpaque: input.isOpaque) }
        var digest = Digest()
        table.texels.withUnsafeBytes { digest.add($0) }
        let kernel = ClosureKernel(name: "colorCube", signature: "\(table.dimension) \(digest.value)", arity: 1, unpremultiplied: true,
                                   opaque: { _ in false }) { inputs, _ in
            let p = inputs[0]
            let c = table.lookup(p)
            // The cube's colour is premultiplied by its alpha; hand back unpremultiplied colour with the product alpha.
            let a = c.w
            return a > 0 ? SIMD4(c.x / a, c.y / a, c.z / a, a * p.w) : .zero
        }
        var output = input.applying(kernel)
        if let space { output = Image(.colorMatch(.toWorking(space), output), extent: output.extent, isOpaque: false) }
        return output
    }
}
