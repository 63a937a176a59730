import Foundation

extension FilterCatalog {
    /// CIColorThresholdOtsu: `CIColorThreshold` with the threshold chosen by Otsu's method. The unpremultiplied
    /// red, green and blue values of every pixel of the (finite) image, limited to 0…1, are pooled into a
    /// 256-bin histogram; the threshold is the upper edge of the bin k that maximises the between-class variance
    /// ω₀ω₁(μ₀ − μ₁)² of bins 0…k against the rest (bin centres as values; the first maximum wins), and each
    /// component becomes 1 above it, 0 otherwise, alpha unchanged. Apple does not say which values it histograms;
    /// pooling the components matches its per-component threshold. An infinite image gives no output.
    static let colorThresholdOtsu = FilterDefinition(
        name: "CIColorThresholdOtsu", display: "Color Threshold Otsu",
        categories: [kCategory.colorAdjustment, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage],
        summary: "Produces a binarized image from an image with finite extent. The threshold is calculated from the image histogram using Otsu’s method. The red, green and blue channels of the resulting image will be one or zero.",
        parameters: [.image()], mac: "11.0", iOS: "14"
    ) { args in
        guard let image = args.image(), !image.extent.isEffectivelyInfinite else { return nil }
        let area = image.pixelExtent
        guard !area.isEmpty else { return nil }
        let threshold = image.reducing(OtsuThresholdKernel(area: area)).clamped(to: CGRect(x: area.x, y: area.y, width: 1, height: 1))
        let kernel = ClosureKernel(name: "colorThresholdOtsu", signature: "", arity: 2, unpremultiplied: true,
                                   extent: { $0[0].extent }, opaque: { $0[0].isOpaque }) { inputs, _ in
            let p = inputs[0], t = inputs[1].x
            return SIMD4(p.x > t ? 1 : 0, p.y > t ? 1 : 0, p.z > t ? 1 : 0, p.w)
        }
        return image.applying(kernel, [threshold])
    }
}

/// Otsu's threshold of the pooled unpremultiplied R, G, B values of `area` (256 bins over 0…1): one pixel at the
/// area's origin holding the threshold in red, green and blue, alpha 1.
struct OtsuThresholdKernel: ReductionKernel {
    let area: PixelRect
    let name = "otsuThreshold"
    var signature: String { "\(area)" }
    var outputExtent: PixelRect { PixelRect(x: area.x, y: area.y, width: 1, height: 1) }
    let partialCount = 256

    func accumulate(_ tile: Tile, into partial: UnsafeMutablePointer<Double>) {
        for y in tile.rect.y..<tile.rect.maxY {
            var p = tile.pointer(tile.rect.x, y)
            for _ in 0..<tile.rect.width {
                let a = p[3]
                for c in 0..<3 {
                    let v = a > 0 ? p[c] / a : 0
                    partial[min(Int(min(max(v.isNaN ? 0 : v, 0), 1) * 256), 255)] += 1
                }
                p += 4
            }
        }
    }

    func finish(_ partial: UnsafePointer<Double>, into output: UnsafeMutablePointer<Float>) {
        let t = Float(Self.threshold(UnsafeBufferPointer(start: partial, count: 256)))
        (output[0], output[1], output[2], output[3]) = (t, t, t, 1)
    }

    /// The upper edge of the bin maximising the between-class variance of `counts` (bins over 0…1).
    static func threshold(_ counts: UnsafeBufferPointer<Double>) -> Double {
        let bins = counts.count
        let total = counts.reduce(0, +)
        guard total > 0 else { return 0.5 }
        var sum = 0.0
        for i in 0..<bins { sum += counts[i] * (Double(i) + 0.5) / Double(bins) }
        var weight0 = 0.0, sum0 = 0.0, best = -1.0, bestBin = 0
        for k in 0..<(bins - 1) {
            weight0 += counts[k]
            sum0 += counts[k] * (Double(k) + 0.5) / Double(bins)
            let weight1 = total - weight0
            guard weight0 > 0, weight1 > 0 else { continue }
            let mean0 = sum0 / weight0, mean1 = (sum - sum0) / weight1
            let between = weight0 * weight1 * (mean0 - mean1) * (mean0 - mean1)
            if between > best { best = between; bestBin = k }
        }
        return Double(bestBin + 1) / Double(bins)
    }
}
