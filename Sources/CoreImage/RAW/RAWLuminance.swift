import Foundation

/// The luminance stages of a RAW development: noise reduction (`luminanceNoiseReductionAmount`, 0…1), local
/// contrast (`contrastAmount`, 0…1) and detail (`detailAmount`, 0…3). They work on the sRGB-encoded luminance
/// of each pixel, where noise and contrast are about as visible in the shadows as in the highlights, and hand
/// the change back to the pixel by scaling its linear RGB (hue and saturation stay; colour noise is
/// `ChromaNoiseReduction`'s). All three are edge-aware, built on the guided filter (He, Sun and Tang, 2010) —
/// box means of the luminance and its square give each neighbourhood's variance, and where that variance is
/// below ε the neighbourhood is flattened to its mean while edges, whose variance is large, pass unchanged:
///
/// - noise reduction replaces the luminance by its guided filter with ε = (0.06 × amount)² and a radius of
///   1–3 px, so grain below about 6% of the encoded range melts and edges stay;
/// - local contrast adds `amount` × 0.75 × the difference between the luminance and a wide (25 px) guided
///   filter of it with ε = 0.04: transitions between areas gain contrast, without halos across strong edges;
/// - detail adds `amount` × 0.5 × the fine high-pass (the luminance minus its Gaussian, σ = 1 px) beyond a
///   1.5% threshold, so edges sharpen and flat grain is not amplified.
///
/// Radii are in pixels of the native image, scaled with the output. Amounts of 0 leave the image untouched.
enum RAWLuminance {
    static func apply(_ image: CIImage, noiseReduction: Float, contrast: Float, detail: Float, scale: Float) -> CIImage {
        let noiseReduction = min(max(noiseReduction, 0), 1), contrast = min(max(contrast, 0), 1), detail = min(max(detail, 0), 3)
        guard noiseReduction > 0 || contrast > 0 || detail > 0 else { return image }
        let extent = image.extent
        let opaque: @Sendable ([Image]) -> Bool = { $0.first?.isOpaque ?? false }
        // (e, e², 0, 1) with e the encoded luminance.
        let encoded = ClosureKernel(name: "rawLumaEncode", signature: "", arity: 1, opaque: opaque) { inputs, _ in
            let e = Luma.encode(Luma.of(inputs[0]))
            return SIMD4(e, e * e, 0, 1)
        }
        var luma = image.deriving(image.image.applying(encoded))
        if noiseReduction > 0 {
            let radius = max(1, Int((Float(1 + 2 * noiseReduction) * scale).rounded()))
            let epsilon = pow(0.06 * noiseReduction, 2)
            luma = guided(luma, radius: radius, epsilon: epsilon, extent: extent)
        }
        var result = luma
        if contrast > 0 {
            let base = guided(luma, radius: max(1, Int((25 * scale).rounded())), epsilon: 0.04, extent: extent)
            let gain = 0.75 * contrast
            let add = ClosureKernel(name: "rawLocalContrast", signature: "\(gain)", arity: 2, opaque: opaque) { inputs, _ in
                let e = inputs[0].x + gain * (inputs[0].x - inputs[1].x)
                return SIMD4(e, e * e, 0, 1)
            }
            result = result.deriving(result.image.applying(add, [base.image]))
        }
        if detail > 0 {
            let sigma = Double(max(scale, 0.35))
            let blurred = result.clampedToExtent().applyingGaussianBlur(sigma: sigma).cropped(to: extent)
            let gain = 0.5 * detail
            let add = ClosureKernel(name: "rawDetail", signature: "\(gain)", arity: 2, opaque: opaque) { inputs, _ in
                let highPass = inputs[0].x - inputs[1].x
                let beyond = max(abs(highPass) - 0.015, 0) * (highPass < 0 ? -1 : 1)
                let e = inputs[0].x + gain * beyond
                return SIMD4(e, e * e, 0, 1)
            }
            result = result.deriving(result.image.applying(add, [blurred.image]))
        }
        // Scale each pixel's linear RGB by the luminance change (additive where the pixel is black).
        let recombine = ClosureKernel(name: "rawLumaRecombine", signature: "", arity: 2, opaque: opaque) { inputs, _ in
            let p = inputs[0]
            let y = Luma.of(p), target = Luma.decode(inputs[1].x)
            if y > 1e-5 {
                let ratio = min(max(target / y, 0.25), 4)
                return SIMD4(p.x * ratio, p.y * ratio, p.z * ratio, p.w)
            }
            let shift = target - y
            return SIMD4(p.x + shift, p.y + shift, p.z + shift, p.w)
        }
        return image.deriving(image.image.applying(recombine, [result.image]))
    }

    /// The guided filter of the encoded luminance (channel x; channel y holds its square) guided by itself:
    /// box means over (2r + 1)² give a = var / (var + ε) and b = mean × (1 − a) per window, and each pixel
    /// becomes mean(a) × e + mean(b). Returned as (q, q², 0, 1).
    static func guided(_ luma: CIImage, radius: Int, epsilon: Float, extent: CGRect) -> CIImage {
        func box(_ image: CIImage) -> CIImage {
            image.clampedToExtent().applyingFilter("CIBoxBlur", parameters: [kCIInputRadiusKey: radius]).cropped(to: extent)
        }
        let means = box(luma)
        let coefficients = ClosureKernel(name: "rawGuidedCoefficients", signature: "\(epsilon)", arity: 1) { inputs, _ in
            let mean = inputs[0].x, variance = max(inputs[0].y - mean * mean, 0)
            let a = variance / (variance + epsilon)
            return SIMD4(a, mean * (1 - a), 0, 1)
        }
        let meanCoefficients = box(means.deriving(means.image.applying(coefficients)))
        let output = ClosureKernel(name: "rawGuidedOutput", signature: "", arity: 2) { inputs, _ in
            let q = inputs[1].x * inputs[0].x + inputs[1].y
            return SIMD4(q, q * q, 0, 1)
        }
        return luma.deriving(luma.image.applying(output, [meanCoefficients.image]))
    }
}
