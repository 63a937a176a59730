import Foundation
internal import CPixelKernels

/// Two per-pixel stages of a RAW development on linear values, both keeping each pixel's hue.
enum RAWToneStages {
    /// `shadowBias`: the luminance Y becomes max(Y − bias, 0) / (1 − bias) — values at or below the bias turn
    /// black, 1 stays 1 — applied by scaling the pixel's RGB, so colours keep their hue and saturation.
    /// A bias of 0 (or outside 0..<1) leaves the image alone.
    static func shadowBiased(_ image: CIImage, bias: Float) -> CIImage {
        guard bias > 0, bias < 1 else { return image }
        return image.deriving(image.image.applying(ShadowBiasKernel(bias: bias)))
    }

    /// `isGamutMappingEnabled`: a colour the working space's primaries cannot show (a negative component, as
    /// strongly saturated camera colours give after the camera matrix) is moved towards grey of the same
    /// luminance just far enough that its smallest component is 0, instead of having that component clipped
    /// (which shifts its hue and brightness). Colours inside the gamut are untouched; a non-positive luminance
    /// becomes black.
    static func gamutMapped(_ image: CIImage) -> CIImage {
        image.deriving(image.image.applying(GamutMapKernel()))
    }
}

/// `RAWToneStages.shadowBiased`'s kernel: a loop over the span (no per-pixel call).
struct ShadowBiasKernel: PixelKernel {
    let bias: Float
    var name: String { "rawShadowBias" }
    var signature: String { "\(bias)" }
    var arity: Int { 1 }
    var dependsOnPosition: Bool { false }

    func apply(_ span: PixelSpan) {
        let p = span.pixels, bias = bias
        for i in 0..<span.count {
            let o = i * 4
            let y = Luma.of(UnsafePointer(p + o))
            guard y > 0 else {
                p[o] = 0; p[o + 1] = 0; p[o + 2] = 0
                continue
            }
            let ratio = max(y - bias, 0) / (1 - bias) / y
            p[o] *= ratio
            p[o + 1] *= ratio
            p[o + 2] *= ratio
        }
    }
}

/// `RAWToneStages.gamutMapped`'s kernel: a loop over the span (no per-pixel call).
struct GamutMapKernel: PixelKernel {
    var name: String { "rawGamutMap" }
    var signature: String { "" }
    var arity: Int { 1 }
    var dependsOnPosition: Bool { false }

    func apply(_ span: PixelSpan) {
        let p = span.pixels
        // Only pixels with a negative component change; a vector scan finds them (most spans have none).
        var i = pk_raw_next_negative(p, 0, span.count)
        while i < span.count {
            defer { i = pk_raw_next_negative(p, i + 1, span.count) }
            let o = i * 4
            let r = p[o], g = p[o + 1], b = p[o + 2]
            let lowest = min(r, min(g, b))
            guard lowest < 0 else { continue }
            let y = Luma.of(UnsafePointer(p + o))
            guard y > 0 else {
                p[o] = 0; p[o + 1] = 0; p[o + 2] = 0
                continue
            }
            let t = y / (y - lowest)
            p[o] = y + t * (r - y)
            p[o + 1] = y + t * (g - y)
            p[o + 2] = y + t * (b - y)
        }
    }
}
