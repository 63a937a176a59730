import Foundation

/// Small colour helpers shared by filter kernels.
enum Luma {
    /// Rec. 709 luminance weights (Core Image's choice for CIColorControls and friends).
    static let weights = SIMD4<Float>(0.2125, 0.7154, 0.0721, 0)

    @inline(__always) static func of(_ p: SIMD4<Float>) -> Float { p.x * 0.2125 + p.y * 0.7154 + p.z * 0.0721 }

    /// The luminance of the RGB pixel starting at `p` (span kernels' four floats per pixel).
    @inline(__always) static func of(_ p: UnsafePointer<Float>) -> Float { p[0] * 0.2125 + p[1] * 0.7154 + p[2] * 0.0721 }

    @inline(__always) static func smoothstep(_ e0: Float, _ e1: Float, _ x: Float) -> Float {
        let t = min(max((x - e0) / max(e1 - e0, 1e-9), 0), 1)
        return t * t * (3 - 2 * t)
    }

    /// The sRGB curve (extended: mirrored below 0, exact above 1), for filters that work on perceptual values.
    @inline(__always) static func encode(_ v: Float) -> Float {
        let a = abs(v)
        let e: Float = a <= 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055
        return v < 0 ? -e : e
    }

    @inline(__always) static func decode(_ v: Float) -> Float {
        let a = abs(v)
        let d: Float = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
        return v < 0 ? -d : d
    }
}

extension Image {
    /// A per-pixel closure over unpremultiplied values of one image (premultiplied again afterwards).
    func mapping(_ name: String, _ signature: String, opaque: Bool? = nil,
                 _ body: @escaping @Sendable (SIMD4<Float>) -> SIMD4<Float>) -> Image {
        let keepsOpacity = opaque ?? isOpaque
        return applying(ClosureKernel(name: name, signature: signature, arity: 1, unpremultiplied: true,
                                      opaque: { _ in keepsOpacity }, body: { inputs, _ in body(inputs[0]) }))
    }
}

/// A per-pixel kernel of fixed operations (the filters whose maths is affine or a tone curve), with the
/// renderer's premultiplication handling.
func operationsKernel(_ name: String, _ operations: [PixelOperation], unpremultiplied: Bool = true) -> OperationsKernel {
    OperationsKernel(name: name, operations: operations, unpremultiplied: unpremultiplied)
}
