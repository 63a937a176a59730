import Foundation

/// A run of working pixels a per-pixel kernel computes in place: `count` pixels starting at (`x`, `y`), four
/// floats (premultiplied R, G, B, A) each. On entry `pixels` holds input 0 (for kernels with inputs);
/// inputs 1…3 are read-only. Pixel centres are at (x + i + 0.5, y + 0.5).
package struct PixelSpan {
    package var pixels: UnsafeMutablePointer<Float>
    package var input1: UnsafePointer<Float>?
    package var input2: UnsafePointer<Float>?
    package var input3: UnsafePointer<Float>?
    package var count: Int
    package var x: Int
    package var y: Int

    /// Input `index` (0 is `pixels`).
    package func input(_ index: Int) -> UnsafePointer<Float> {
        switch index {
        case 0: UnsafePointer(pixels)
        case 1: input1!
        case 2: input2!
        default: input3!
        }
    }
}

/// A kernel computing each output pixel from the same pixel of its inputs (or from its position alone, for
/// generators). The renderer fuses consecutive pixel kernels into one pass over a tile, with no buffer between
/// them. Kernels are immutable values, safe to call from any thread at once.
package protocol PixelKernel: Sendable {
    /// Short name for tree printing ("exposure", "sepia").
    var name: String { get }
    /// The parameters as text; equal signatures (with equal names) mean equal results.
    var signature: String { get }
    /// Number of input images (0 for generators, at most 4).
    var arity: Int { get }
    /// Whether inputs are handed over unpremultiplied (the renderer premultiplies the result again).
    var wantsUnpremultiplied: Bool { get }
    /// The kernel as primitive operations the renderer can fold (affine maps compose), or `nil` to call `apply`.
    var operations: [PixelOperation]? { get }
    /// Whether the result depends on the pixel's position (not only on input values at that position).
    var dependsOnPosition: Bool { get }
    /// Where the result is defined, given the inputs.
    func extent(of inputs: [Image]) -> CGRect
    /// Whether the result is opaque, given the inputs.
    func isOpaque(inputs: [Image]) -> Bool
    /// Computes a span in place.
    func apply(_ span: PixelSpan)
}

extension PixelKernel {
    package var wantsUnpremultiplied: Bool { false }
    package var operations: [PixelOperation]? { nil }
    package var dependsOnPosition: Bool { arity == 0 || operations == nil }
    package func extent(of inputs: [Image]) -> CGRect { inputs.first?.extent ?? .infinite }
    package func isOpaque(inputs: [Image]) -> Bool { inputs.first?.isOpaque ?? false }
    package func apply(_ span: PixelSpan) {
        // Kernels described by `operations` are executed by the program; this is only a fallback.
        for operation in operations ?? [] { operation.apply(span.pixels, count: span.count) }
    }
}

/// A per-pixel kernel written as a Swift closure over one pixel (custom `CIColorKernel`s and simple filters).
/// `inputs` holds the (premultiplied unless `wantsUnpremultiplied`) input pixels; the closure returns the result.
package struct ClosureKernel: PixelKernel {
    package typealias Body = @Sendable (_ inputs: UnsafeBufferPointer<SIMD4<Float>>, _ position: SIMD2<Float>) -> SIMD4<Float>
    package let name: String
    package let signature: String
    package let arity: Int
    package let wantsUnpremultiplied: Bool
    package let extentRule: @Sendable ([Image]) -> CGRect
    package let opaqueRule: @Sendable ([Image]) -> Bool
    package let body: Body

    package init(name: String, signature: String, arity: Int, unpremultiplied: Bool = false,
                 extent: @escaping @Sendable ([Image]) -> CGRect = { $0.first?.extent ?? .infinite },
                 opaque: @escaping @Sendable ([Image]) -> Bool = { _ in false },
                 body: @escaping Body) {
        (self.name, self.signature, self.arity, self.wantsUnpremultiplied) = (name, signature, arity, unpremultiplied)
        (self.extentRule, self.opaqueRule, self.body) = (extent, opaque, body)
    }

    package func extent(of inputs: [Image]) -> CGRect { extentRule(inputs) }
    package func isOpaque(inputs: [Image]) -> Bool { opaqueRule(inputs) }

    package func apply(_ span: PixelSpan) {
        withUnsafeTemporaryAllocation(of: SIMD4<Float>.self, capacity: max(arity, 1)) { values in
            let y = Float(span.y) + 0.5
            for i in 0..<span.count {
                for k in 0..<arity {
                    let p = span.input(k) + i * 4
                    values[k] = SIMD4(p[0], p[1], p[2], p[3])
                }
                let result = body(UnsafeBufferPointer(rebasing: values[0..<arity]), SIMD2(Float(span.x + i) + 0.5, y))
                let out = span.pixels + i * 4
                out[0] = result.x; out[1] = result.y; out[2] = result.z; out[3] = result.w
            }
        }
    }
}
