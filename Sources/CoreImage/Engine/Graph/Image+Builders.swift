import Foundation

/// Graph-building helpers used by filters and the façade. Each returns a new node; nothing is computed.
extension Image {
    /// A source image over stored pixels, y-up extent from (`x`, `y`).
    package static func bitmap(_ bitmap: Bitmap, colorSpace: CGColorSpace?, x: Int = 0, y: Int = 0) -> Image {
        Image(.bitmap(bitmap, colorSpace: colorSpace), extent: CGRect(x: x, y: y, width: bitmap.width, height: bitmap.height),
              isOpaque: !bitmap.format.hasAlpha && !bitmap.format.isAlphaOnly)
    }

    /// A per-pixel kernel over `self` (input 0) and `others`.
    package func applying(_ kernel: any PixelKernel, _ others: [Image] = []) -> Image {
        let inputs = [self] + others
        return Image(.pixel(kernel, inputs), extent: kernel.extent(of: inputs), isOpaque: kernel.isOpaque(inputs: inputs))
    }

    /// A generator (a kernel without inputs).
    package static func generating(_ kernel: any PixelKernel) -> Image {
        Image(.pixel(kernel, []), extent: kernel.extent(of: []), isOpaque: kernel.isOpaque(inputs: []))
    }

    /// A neighbourhood kernel over `self` (input 0) and `others`.
    package func applying(area kernel: any AreaKernel, _ others: [Image] = []) -> Image {
        let inputs = [self] + others
        return Image(.area(kernel, inputs), extent: kernel.extent(of: inputs), isOpaque: kernel.isOpaque(inputs: inputs))
    }

    /// A reduction of `self`.
    package func reducing(_ kernel: any ReductionKernel) -> Image {
        Image(.reduction(kernel, self), extent: kernel.outputExtent.cgRect, isOpaque: false)
    }

    /// Clear outside `rect`.
    package func cropped(to rect: CGRect) -> Image {
        let extent = self.extent.intersection(rect)
        if extent.isNull || extent.isEmpty { return .empty }
        if !rect.isEffectivelyInfinite && extent == self.extent && !self.extent.isEffectivelyInfinite
            && PixelRect(covering: rect).contains(pixelExtent) { return self }
        return Image(.crop(PixelRect(covering: rect), self), extent: extent, isOpaque: isOpaque)
    }

    /// Edge pixels of `rect` repeated outward, an infinite image.
    package func clamped(to rect: CGRect) -> Image {
        Image(.clamp(PixelRect(covering: rect), self), extent: .infinite, isOpaque: isOpaque)
    }

    /// The sampling mode warps will use to read this image (`samplingLinear()` / `samplingNearest()`).
    package var samplingMode: SamplingMode {
        if case .sampling(let mode, _) = node { return mode }
        return .linear
    }

    /// `self` moved by an affine transform.
    package func transformed(by t: CGAffineTransform) -> Image {
        if t.isIdentity { return self }
        if t.a == 1, t.b == 0, t.c == 0, t.d == 1, t.tx == t.tx.rounded(), t.ty == t.ty.rounded() {
            let dx = Int(t.tx), dy = Int(t.ty)
            switch node {
            case .bitmap(let bitmap, let space):
                let e = pixelExtent
                return .bitmap(bitmap, colorSpace: space, x: e.x + dx, y: e.y + dy)
            case .empty:
                return self
            default:
                return applying(area: Translation(dx: dx, dy: dy))
            }
        }
        return applying(area: AffineWarp(t, sampling: samplingMode))
    }

    /// `self` composited over `background` (Porter-Duff source over, premultiplied).
    package func composited(over background: Image) -> Image {
        applying(SourceOverKernel(), [background])
    }

    /// `self` with its sampling mode set for warps that read it.
    package func sampling(_ mode: SamplingMode) -> Image {
        let base: Image
        if case .sampling(_, let input) = node { base = input } else { base = self }
        return Image(.sampling(mode, base), extent: extent, isOpaque: isOpaque)
    }
}

/// Source over: result = source + background × (1 − source alpha).
package struct SourceOverKernel: PixelKernel {
    package let name = "sourceOver"
    package let signature = ""
    package let arity = 2
    package var dependsOnPosition: Bool { false }

    package init() {}

    package func extent(of inputs: [Image]) -> CGRect { inputs[0].extent.union(inputs[1].extent) }
    package func isOpaque(inputs: [Image]) -> Bool { inputs[0].isOpaque && inputs[1].isOpaque && inputs[0].extent == inputs[1].extent }

    package func apply(_ span: PixelSpan) {
        let source = span.pixels, background = span.input1!
        for i in 0..<span.count {
            let p = source + i * 4, q = background + i * 4
            let keep = 1 - p[3]
            p[0] += q[0] * keep; p[1] += q[1] * keep; p[2] += q[2] * keep; p[3] += q[3] * keep
        }
    }
}
