import Foundation

/// Pass 2, graph simplification: nested crops merge, crops that cut nothing vanish, clamps move below
/// position-independent per-pixel kernels (so a clamped source stays a simple leaf), sampling marks are
/// dropped (warps already captured them), identity kernels disappear.
package enum OptimizationPass {
    package static func run(_ root: Image) -> Image {
        var rewriter = Rewriter()
        return rewriter.rewrite(root) { image, inputs in simplify(image.replacingInputs(inputs)) }
    }

    static func simplify(_ image: Image) -> Image {
        switch image.node {
        case .sampling(_, let input):
            return input
        case .crop(let rect, let input):
            if rect.contains(input.pixelExtent) { return input }
            if case .crop(let inner, let innerInput) = input.node {
                let both = rect.intersection(inner)
                return Image(.crop(both, innerInput), extent: image.extent, isOpaque: image.isOpaque)
            }
            return image
        case .clamp(let rect, let input):
            if case .pixel(let kernel, let kernelInputs) = input.node, kernel.arity == 1, !kernel.dependsOnPosition,
               kernelInputs[0].pixelExtent == input.pixelExtent {
                let clamped = simplify(Image(.clamp(rect, kernelInputs[0]), extent: .infinite, isOpaque: kernelInputs[0].isOpaque))
                return Image(.pixel(kernel, [clamped]), extent: .infinite, isOpaque: input.isOpaque)
            }
            return image
        case .pixel(let kernel, let inputs):
            if kernel.arity == 1, let operations = kernel.operations,
               operations.allSatisfy({ if case .matrix(let m) = $0 { m.isIdentity } else { false } }) {
                return inputs[0]
            }
            return image
        default:
            return image
        }
    }
}
