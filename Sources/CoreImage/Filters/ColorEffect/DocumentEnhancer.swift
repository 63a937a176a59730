import Foundation

extension FilterCatalog {
    /// CIDocumentEnhancer: flat-field correction by background estimation, the classical way to clean a photographed
    /// page. On the unpremultiplied linear colour u, with a = `inputAmount` (0…10):
    /// 1. the paper's brightness B is estimated from the luminance Y (Rec. 709 weights) by a morphological closing
    ///    (a (2r+1)-square maximum, then minimum, which removes dark strokes thinner than the square) followed by a
    ///    Gaussian blur of σ = r, all on the image clamped to its extent (no dark borders); r = min(width, height)/50
    ///    rounded, 2…64 px (8 for an infinite image);
    /// 2. each component is divided by the background, n = clamp(u / max(B, 1/64), 0, 1): shadows and uneven light
    ///    are removed and the paper becomes white (n ≈ 1);
    /// 3. a contrast curve darkens ink, s = n^γ with γ = 1 + a/2 (paper at 1 stays white);
    /// 4. out = u + min(a, 1)·(s − u): amount 0 is the input, 1 the full correction, above 1 the contrast grows.
    /// Alpha is kept. Apple does not publish its method; this one is chosen here (strokes wider than the square are
    /// taken for background, as with any closing).
    static let documentEnhancer = FilterDefinition(
        name: "CIDocumentEnhancer", display: "Document Enhancer",
        categories: [kCategory.colorEffect, kCategory.nonSquarePixels, kCategory.stillImage],
        summary: "Enhance a document image by removing unwanted shadows, whitening the background, and enhancing contrast.",
        parameters: [
            .image(),
            .scalar(kCIInputAmountKey, 1, min: 0, max: 10, sliderMin: 0, sliderMax: 10, summary: "The amount of enhancement."),
        ], mac: "10.15", iOS: "13"
    ) { args in
        guard let image = args.image() else { return nil }
        let amount = Float(args.number(kCIInputAmountKey))
        guard amount > 0 else { return image }
        let infinite = image.extent.isEffectivelyInfinite
        let r = infinite ? 8 : DocumentBackground.radius(width: image.extent.width, height: image.extent.height)
        let background = DocumentBackground.estimate(image, radius: r)
        let mix = min(amount, 1), gamma = 1 + amount / 2
        let kernel = ClosureKernel(name: "documentEnhancer", signature: "\(amount) r=\(r)", arity: 2, unpremultiplied: true,
                                   extent: { $0[0].extent }, opaque: { $0[0].isOpaque }) { inputs, _ in
            let u = inputs[0], b = max(inputs[1].x, 1 / 64)
            func enhance(_ v: Float) -> Float {
                let n = min(max(v / b, 0), 1)
                return v + mix * (pow(n, gamma) - v)
            }
            return SIMD4(enhance(u.x), enhance(u.y), enhance(u.z), u.w)
        }
        return image.applying(kernel, [background])
    }
}

/// CIDocumentEnhancer's paper estimate: the luminance closed by a square and blurred (see the filter).
enum DocumentBackground {
    /// min(width, height)/50 rounded, limited to 2…64.
    static func radius(width: CGFloat, height: CGFloat) -> Int {
        min(max(Int((Double(min(width, height)) / 50).rounded()), 2), 64)
    }

    /// An opaque grey image (infinite) whose value is the estimated paper luminance.
    static func estimate(_ image: Image, radius r: Int) -> Image {
        let luminance = image.mapping("documentLuminance", "", opaque: true) { p in
            let y = Luma.of(p)
            return SIMD4(y, y, y, 1)
        }
        let source = image.extent.isEffectivelyInfinite ? luminance : luminance.clamped(to: image.extent)
        let closed = source.applying(area: Morphology.rectangle(.maximum, halfWidth: r, halfHeight: r))
            .applying(area: Morphology.rectangle(.minimum, halfWidth: r, halfHeight: r))
        return GaussianBlur.apply(closed, sigma: Double(r))
    }
}
