import Foundation

/// Colour noise reduction of a RAW development (`colorNoiseReductionAmount`): the chroma of every pixel — its
/// linear RGB minus its luminance — is replaced by a Gaussian-weighted mean of the chroma around it, while the
/// luminance stays exactly what it was (the luminance of chroma is zero, the Rec. 709 weights summing to 1). So
/// the coloured speckles of high-ISO shots melt into their surroundings and detail, which lives in luminance, is
/// untouched. The radius is `amount` × 6 pixels of the native image (σ), scaled with the output.
enum ChromaNoiseReduction {
    static func apply(_ image: CIImage, amount: Float, scale: Float) -> CIImage {
        let sigma = Double(min(max(amount, 0), 1)) * 6 * Double(scale)
        guard sigma >= 0.3 else { return image }
        let extent = image.extent
        let chroma = ClosureKernel(name: "rawChroma", signature: "", arity: 1, opaque: { $0.first?.isOpaque ?? false }) { inputs, _ in
            let p = inputs[0]
            let y = Luma.of(p)
            return SIMD4(p.x - y, p.y - y, p.z - y, p.w)
        }
        let smoothed = image.deriving(image.image.applying(chroma)).clampedToExtent().applyingGaussianBlur(sigma: sigma).cropped(to: extent)
        let recombine = ClosureKernel(name: "rawChromaRecombine", signature: "", arity: 2, opaque: { $0.first?.isOpaque ?? false }) { inputs, _ in
            let p = inputs[0], c = inputs[1]
            let y = Luma.of(p)
            return SIMD4(y + c.x, y + c.y, y + c.z, p.w)
        }
        return image.deriving(image.image.applying(recombine, [smoothed.image]))
    }
}
