import Foundation

/// Pass 1, colour management (as in Core Image): every source is matched from its colour space into the
/// working space right above it, and explicit `colorMatch` nodes become conversions to/from the working space.
/// Sources are premultiplied here too, so every node above works on premultiplied working values. Sources whose
/// pixels turn out all opaque (``Bitmap/alphaIsOpaque``) are marked opaque, and so is every node above them that
/// the kernels' own rules then prove opaque: premultiplication disappears from such renders.
package enum ColorManagementPass {
    package static func run(_ root: Image, _ settings: RenderSettings) throws -> Image {
        var rewriter = Rewriter()
        return try rewriter.rewrite(root) { image, inputs in
            switch image.node {
            case .bitmap(let bitmap, let space):
                let opaque = image.isOpaque || bitmap.alphaIsOpaque
                return sourceConversion(Image(.bitmap(bitmap, colorSpace: nil), extent: image.extent, isOpaque: opaque),
                                        bitmap: bitmap, space: space, settings)
            case .lazy(let source):
                let bitmap = try settings.bandedSource.flatMap { $0.source === source ? $0.standIn : nil } ?? source.bitmap()
                let node = Image(.bitmap(bitmap, colorSpace: nil), extent: image.extent, isOpaque: image.isOpaque || bitmap.alphaIsOpaque)
                return sourceConversion(node, bitmap: bitmap, space: source.colorSpace, settings)
            case .colorMatch(let match, _):
                guard let working = settings.workingSpace else { return inputs[0] }
                let kernel: any PixelKernel
                switch match {
                case .toWorking(let space): kernel = ColorConversion.kernel(from: space, to: working)
                case .fromWorking(let space): kernel = ColorConversion.kernel(from: working, to: space)
                }
                return Image(.pixel(kernel, [inputs[0]]), extent: inputs[0].extent, isOpaque: inputs[0].isOpaque)
            default:
                return image.replacingInputs(inputs).refiningOpacity()
            }
        }
    }

    /// The conversion above a source: premultiplication and the colour match into the working space.
    static func sourceConversion(_ source: Image, bitmap: Bitmap, space: CGColorSpace?, _ settings: RenderSettings) -> Image {
        // An opaque source (no alpha, or 8-bit alpha found all full) needs no premultiplication either way.
        let hasAlpha = bitmap.format.hasAlpha && !source.isOpaque
        var operations: [PixelOperation] = []
        var lcms: LittleCMSKernel?
        if hasAlpha && bitmap.premultiplied { operations.append(.unpremultiply) }
        var label = "premultiply"
        if let space, let working = settings.workingSpace, space.model == .rgb || space.model == .monochrome {
            label = "colormatch \(ColorSpaces.shortName(space)) → working"
            if let conversion = ColorConversion.operations(from: space, to: working) {
                operations += conversion
            } else {
                lcms = LittleCMSKernel(from: space, to: working)
            }
        }
        if hasAlpha { operations.append(.premultiply) }
        var result = source
        if !(operations.isEmpty || operations == [.unpremultiply, .premultiply]) {
            let kernel = OperationsKernel(name: label, operations: operations, unpremultiplied: false)
            result = Image(.pixel(kernel, [result]), extent: source.extent, isOpaque: source.isOpaque)
        }
        if let lcms, lcms.isValid {
            result = Image(.pixel(lcms, [result]), extent: source.extent, isOpaque: source.isOpaque)
        }
        return result
    }
}

extension PixelOperation: Equatable {
    package static func == (a: PixelOperation, b: PixelOperation) -> Bool {
        switch (a, b) {
        case (.matrix(let x), .matrix(let y)): x == y
        case (.curve(let x), .curve(let y)): x == y
        case (.clamp(let l1, let h1), .clamp(let l2, let h2)): l1 == l2 && h1 == h2
        case (.premultiply, .premultiply), (.unpremultiply, .unpremultiply): true
        default: false
        }
    }
}
