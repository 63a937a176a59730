import Foundation

extension FilterCatalog {
    /// CIColorCubesMixedWithMask: two colour cubes (as ``colorCube``: `inputCubeDimension`³ premultiplied RGBA
    /// float texels, red fastest) looked up at the pixel's unpremultiplied RGB in `inputColorSpace` (the
    /// working space when absent), mixed by the mask's unpremultiplied green component m, clamped to 0…1
    /// (cube 0 where m is 0, cube 1 where it is 1, as ``blendWithMask`` reads its mask), times the pixel's
    /// alpha. Data of the wrong size gives no output, as on Apple; the extent is the input's (outside the
    /// mask, m is 0).
    static let colorCubesMixedWithMask = FilterDefinition(
        name: "CIColorCubesMixedWithMask", display: "Color Cubes Mixed With Mask",
        categories: [kCategory.colorEffect, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage],
        summary: "Uses two three-dimensional color tables in a specified colorspace to transform the source image pixels. The mask image is used as an interpolant to mix the output of the two cubes.",
        parameters: [
            .image(),
            .image(kCIInputMaskImageKey, summary: "A masking image."),
            .scalar("inputCubeDimension", 2, type: "CIAttributeTypeCount", min: 2, max: 64, identity: 2, summary: "The dimension of the color cubes."),
            FilterParameter("inputCube0Data", .data, summary: "Data containing a 3-dimensional color table of floating-point premultiplied RGBA values.",
                            default: .data(ColorCubeTable.identityData(dimension: 2)), identity: .data(ColorCubeTable.identityData(dimension: 2))),
            FilterParameter("inputCube1Data", .data, summary: "Data containing a 3-dimensional color table of floating-point premultiplied RGBA values.",
                            default: .data(ColorCubeTable.identityData(dimension: 2)), identity: .data(ColorCubeTable.identityData(dimension: 2))),
            FilterParameter("inputColorSpace", .colorSpace, summary: "The CGColorSpace that defines the RGB values in the color table."),
        ], mac: "10.13", iOS: "11"
    ) { args in
        guard let image = args.image(), let mask = args.image(kCIInputMaskImageKey) else { return nil }
        let dimension = Int(args.number("inputCubeDimension"))
        guard let cube0 = ColorCubeTable(dimension: dimension, data: args.data("inputCube0Data")),
              let cube1 = ColorCubeTable(dimension: dimension, data: args.data("inputCube1Data")) else { return nil }
        let space = args.colorSpace("inputColorSpace")
        var input = image
        if let space { input = Image(.colorMatch(.fromWorking(space), input), extent: input.extent, isOpaque: input.isOpaque) }
        var digest = Digest()
        cube0.texels.withUnsafeBytes { digest.add($0) }
        cube1.texels.withUnsafeBytes { digest.add($0) }
        let kernel = ClosureKernel(name: "colorCubesMixed", signature: "\(dimension) \(digest.value)", arity: 2, unpremultiplied: true,
                                   extent: { $0[0].extent }, opaque: { _ in false }) { inputs, _ in
            let p = inputs[0], m = min(max(inputs[1].y, 0), 1)
            let a = cube0.lookup(p), b = cube1.lookup(p)
            let c = a + (b - a) * m
            // Premultiplied cube colour back to unpremultiplied, with the product alpha (as CIColorCube).
            return c.w > 0 ? SIMD4(c.x / c.w, c.y / c.w, c.z / c.w, c.w * p.w) : .zero
        }
        var output = input.applying(kernel, [mask])
        if let space { output = Image(.colorMatch(.toWorking(space), output), extent: output.extent, isOpaque: false) }
        return output
    }
}
