import Foundation

/// Two per-pixel stages of a RAW development on linear values, both keeping each pixel's hue.
enum RAWToneStages {
    /// `shadowBias`: the luminance Y becomes max(Y − bias, 0) / (1 − bias) — values at or below the bias turn
    /// black, 1 stays 1 — applied by scaling the pixel's RGB, so colours keep their hue and saturation.
    /// A bias of 0 (or outside 0..<1) leaves the image alone.
    static func shadowBiased(_ image: CIImage, bias: Float) -> CIImage {
        guard bias > 0, bias < 1 else { return image }
        let kernel = ClosureKernel(name: "rawShadowBias", signature: "\(bias)", arity: 1, opaque: { $0.first?.isOpaque ?? false }) { inputs, _ in
            let p = inputs[0]
            let y = Luma.of(p)
            guard y > 0 else { return SIMD4(0, 0, 0, p.w) }
            let ratio = max(y - bias, 0) / (1 - bias) / y
            return SIMD4(p.x * ratio, p.y * ratio, p.z * ratio, p.w)
        }
        return image.deriving(image.image.applying(kernel))
    }

    /// `isGamutMappingEnabled`: a colour the working space's primaries cannot show (a negative component, as
    /// strongly saturated camera colours give after the camera matrix) is moved towards grey of the same
    /// luminance just far enough that its smallest component is 0, instead of having that component clipped
    /// (which shifts its hue and brightness). Colours inside the gamut are untouched; a non-positive luminance
    /// becomes black.
    static func gamutMapped(_ image: CIImage) -> CIImage {
        let kernel = ClosureKernel(name: "rawGamutMap", signature: "", arity: 1, opaque: { $0.first?.isOpaque ?? false }) { inputs, _ in
            let p = inputs[0]
            let lowest = min(p.x, min(p.y, p.z))
            guard lowest < 0 else { return p }
            let y = Luma.of(p)
            guard y > 0 else { return SIMD4(0, 0, 0, p.w) }
            let t = y / (y - lowest)
            return SIMD4(y + t * (p.x - y), y + t * (p.y - y), y + t * (p.z - y), p.w)
        }
        return image.deriving(image.image.applying(kernel))
    }
}
