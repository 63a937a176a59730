import Foundation

extension FilterCatalog {
    /// CIConstantColorGenerator: an infinite image of one colour (matched into the working space).
    static let constantColorGenerator = FilterDefinition(
        name: "CIConstantColorGenerator", categories: [kCategory.generator, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Generates a solid color.",
        parameters: [.color(kCIInputColorKey, FilterColor(1, 0, 0, 1), summary: "The color to generate.")]
    ) { args in
        .generating(ConstantColorKernel(color: args.color(kCIInputColorKey)))
    }
}

/// Every pixel the same premultiplied working-space colour, infinite extent.
package struct ConstantColorKernel: PixelKernel {
    package let value: SIMD4<Float>
    package let name = "constantColor"
    package let arity = 0

    package init(color: FilterColor) { value = color.premultipliedWorking }

    package var signature: String { "\(value)" }
    package func extent(of inputs: [Image]) -> CGRect { .infinite }
    package func isOpaque(inputs: [Image]) -> Bool { value.w == 1 }

    package func apply(_ span: PixelSpan) {
        var p = span.pixels
        for _ in 0..<span.count {
            p[0] = value.x; p[1] = value.y; p[2] = value.z; p[3] = value.w
            p += 4
        }
    }
}
