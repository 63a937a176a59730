import Foundation

extension FilterCatalog {
    /// CISobelGradients: per colour component (premultiplied R, G, B) the 3 × 3 Sobel derivatives gx (right column
    /// minus left column, weights 1, 2, 1) / 8 and gy (top row minus bottom row, y up) / 8, so a ramp rising by 1 per
    /// pixel gives 1; the output's red is the gx of largest magnitude
    /// among the three components (with its sign), its green the gy of largest magnitude, blue 0 and alpha 1.
    /// Neighbours beyond the image repeat its edge pixels; the extent is the image's. Apple documents the channels
    /// ("maximum horizontal gradient in the red channel…, can be positive or negative"); the normalisation is
    /// chosen here.
    static let sobelGradients = FilterDefinition(
        name: "CISobelGradients", display: "Sobel Gradients", categories: [kCategory.stylize, kCategory.video, kCategory.stillImage],
        summary: "Applies multichannel 3 by 3 Sobel gradient filter to an image.",
        parameters: [.image()], mac: "14.0", iOS: "17"
    ) { args in
        guard let image = args.image() else { return nil }
        return GradientPair.apply(image, name: "sobelGradients", weights: GradientPair.sobel)
    }

    /// CIGaborGradients: as `CISobelGradients` with a 5 × 5 odd Gabor kernel instead of Sobel's:
    /// w(dx, dy) ∝ exp(−(dx² + dy²)/2)·sin(π·dx/4) for gx (and the same along y for gy), scaled so that a ramp rising
    /// by 1 per pixel gives 1. Apple documents the channels ("multichannel 5 by 5 Gabor gradient"), not the kernel's
    /// σ and wavelength; these (σ = 1 px, wavelength 8 px) are chosen here.
    static let gaborGradients = FilterDefinition(
        name: "CIGaborGradients", display: "Gabor Gradients", categories: [kCategory.stylize, kCategory.video, kCategory.stillImage],
        summary: "Applies multichannel 5 by 5 Gabor gradient filter to an image.",
        parameters: [.image()], mac: "12.0", iOS: "15"
    ) { args in
        guard let image = args.image() else { return nil }
        return GradientPair.apply(image, name: "gaborGradients", weights: GradientPair.gabor)
    }
}

/// The derivative pair shared by `CISobelGradients` and `CIGaborGradients`.
enum GradientPair {
    /// The 3 × 3 Sobel kernel / 8 (rows from dy = −1, columns from dx = −1).
    static let sobel: [[Float]] = [[-0.125, 0, 0.125], [-0.25, 0, 0.25], [-0.125, 0, 0.125]]

    /// The 5 × 5 odd Gabor kernel (rows from dy = −2, columns from dx = −2), normalised to a unit ramp response.
    static let gabor: [[Float]] = {
        var raw = [[Double]](repeating: [Double](repeating: 0, count: 5), count: 5)
        var ramp = 0.0
        for dy in -2...2 {
            for dx in -2...2 {
                let w: Double = exp(-Double(dx * dx + dy * dy) / 2) * sin(Double.pi * Double(dx) / 4)
                raw[dy + 2][dx + 2] = w
                ramp += w * Double(dx)
            }
        }
        return raw.map { row in row.map { Float($0 / ramp) } }
    }()

    /// `weights[dy][dx]` (odd in dx) gives gx; its transpose gy. Red = the gx of largest magnitude over R, G, B, green
    /// likewise for gy, blue 0, alpha 1; edge pixels repeated beyond the image.
    static func apply(_ image: Image, name: String, weights: [[Float]]) -> Image {
        let extent = image.extent
        guard !extent.isNull, !extent.isEmpty else { return .empty }
        let source = extent.isEffectivelyInfinite ? image : image.clamped(to: extent)
        let out = source.applying(area: GradientPairKernel(name: name, weights: weights))
        return extent.isEffectivelyInfinite ? out : out.cropped(to: extent)
    }
}

/// Computes the pair of derivatives of ``GradientPair``.
struct GradientPairKernel: AreaKernel {
    let name: String
    let weights: [[Float]]
    var signature: String { "\(weights)" }
    var reach: Int { weights.count / 2 }

    func extent(of inputs: [Image]) -> CGRect { inputs[0].extent }
    func isOpaque(inputs: [Image]) -> Bool { true }
    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect { rect.outset(reach, reach) }

    func render(into output: Tile, inputs: UnsafeBufferPointer<Tile>, scratch: UnsafeMutablePointer<Float>) {
        let input = inputs[0], r = reach
        for y in output.rect.y..<output.rect.maxY {
            var o = output.pointer(output.rect.x, y)
            for x in output.rect.x..<output.rect.maxX {
                var gx = SIMD4<Float>.zero, gy = SIMD4<Float>.zero
                for j in -r...r {
                    for i in -r...r {
                        let w = weights[j + r][i + r]
                        if w != 0 { gx += input.pixel(x + i, y + j) * w }
                        let v = weights[i + r][j + r]
                        if v != 0 { gy += input.pixel(x + i, y + j) * v }
                    }
                }
                func largest(_ g: SIMD4<Float>) -> Float {
                    var best = g.x
                    if abs(g.y) > abs(best) { best = g.y }
                    if abs(g.z) > abs(best) { best = g.z }
                    return best
                }
                o[0] = largest(gx); o[1] = largest(gy); o[2] = 0; o[3] = 1
                o += 4
            }
        }
    }
}
