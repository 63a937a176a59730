import Foundation

/// What auto-enhancement reads from an image: histograms of its sRGB-encoded (perceptual) Rec. 709 luma and of its
/// saturation, made by the engine's `AreaHistogramKernel` reduction over a copy at most 512 pixels on its longer
/// side, and the parameters derived from them (Docs/CoreImage.md, "Auto adjustment").
struct ToneAnalysis: Sendable {
    /// 256 bins of sRGB-encoded luma, fractions of the pixels (summing to 1).
    let luma: [Double]
    /// 256 bins of saturation, (max − min) / max of the sRGB-encoded RGB.
    let saturation: [Double]

    /// The histograms of `image`, or `nil` for an empty or infinite image.
    init?(_ image: Image, context: CIContext) {
        let e = image.extent
        guard !e.isNull, !e.isEmpty, !e.isEffectivelyInfinite else { return nil }
        let scale = min(1, 512 / max(e.width, e.height))
        let small = image.transformed(by: CGAffineTransform(translationX: -e.minX, y: -e.minY).concatenating(CGAffineTransform(scaleX: scale, y: scale)))
        let area = PixelRect(covering: small.extent).intersection(small.pixelExtent)
        guard !area.isEmpty else { return nil }
        let statistics = small.mapping("autoAdjustStatistics", "", opaque: true) { p in
            let r = Luma.encode(min(max(p.x, 0), 1)), g = Luma.encode(min(max(p.y, 0), 1)), b = Luma.encode(min(max(p.z, 0), 1))
            let high = max(r, g, b), low = min(r, g, b)
            return SIMD4(0.2126 * r + 0.7152 * g + 0.0722 * b, high > 1e-4 ? (high - low) / high : 0, 0, 1)
        }
        let histogram = statistics.reducing(AreaHistogramKernel(area: area, bins: 256, scale: 1))
        var values = [Float](repeating: 0, count: 256 * 4)
        values.withUnsafeMutableBytes { raw in
            context.render(CIImage(image: histogram), toBitmap: raw.baseAddress!, rowBytes: 256 * 16,
                           bounds: CGRect(x: 0, y: 0, width: 256, height: 1), format: .RGBAf, colorSpace: nil)
        }
        func normalised(_ channel: Int) -> [Double] {
            let bins = (0..<256).map { Double(max(values[$0 * 4 + channel], 0)) }
            let total = bins.reduce(0, +)
            return total > 0 ? bins.map { $0 / total } : bins
        }
        (luma, saturation) = (normalised(0), normalised(1))
    }

    init(luma: [Double], saturation: [Double]) { (self.luma, self.saturation) = (luma, saturation) }

    /// The luma below which the fraction `q` of the pixels lies (linear within a bin).
    func lumaPercentile(_ q: Double) -> Double { Self.percentile(luma, q) }

    /// The mean saturation.
    var meanSaturation: Double { saturation.enumerated().reduce(0) { $0 + $1.element * (Double($1.offset) + 0.5) / 256 } }

    /// The fraction of the pixels whose luma is below `value`.
    func lumaFraction(below value: Double) -> Double {
        var sum = 0.0
        for (i, f) in luma.enumerated() {
            let low = Double(i) / 256, high = Double(i + 1) / 256
            if high <= value { sum += f } else if low < value { sum += f * (value - low) * 256 }
        }
        return sum
    }

    static func percentile(_ bins: [Double], _ q: Double) -> Double {
        var cumulative = 0.0
        for (i, f) in bins.enumerated() where f > 0 {
            if cumulative + f >= q { return (Double(i) + (q - cumulative) / f) / Double(bins.count) }
            cumulative += f
        }
        return 1
    }
}

/// The enhancement auto-adjustment chooses: a tone curve stretching the 1st…99th luma percentiles (and raising the
/// middle of a dark image), a vibrance amount
/// from the mean saturation and a shadow lift from the shadow mass, the last two measured after the curve.
struct EnhancementPlan: Sendable {
    /// `CIToneCurve`'s five points (x, y) in sRGB-encoded values, or `nil` when the curve would be the identity.
    var curve: [(Double, Double)]?
    /// `CIVibrance`'s `inputAmount`, or `nil` when the image is saturated enough.
    var vibrance: Double?
    /// `CIHighlightShadowAdjust`'s `inputShadowAmount`, or `nil` when shadows are not heavy.
    var shadows: Double?

    /// Percentiles outside which the curve clips (1 % of the pixels at each end may become black or white).
    static let clip = (low: 0.01, high: 0.99)
    /// Where the stretched percentiles land: an image already reaching them is left alone.
    static let target = (low: 0.03, high: 0.96)
    /// The largest stretch (slope) the curve may apply, so a flat image (fog, a plain wall) is not blown up.
    static let maximumGain = 4.0

    /// The curve for the histograms of the image as it is.
    static func curve(for analysis: ToneAnalysis) -> [(Double, Double)]? {
        let lo = analysis.lumaPercentile(clip.low), hi = analysis.lumaPercentile(clip.high)
        guard hi - lo > 0.02 else { return nil }
        var tlo = min(lo, target.low), thi = max(hi, target.high)
        let gain = (thi - tlo) / (hi - lo)
        if gain > maximumGain {
            // Stretch by the largest gain around the range's middle, kept inside 0…1.
            let middle = (lo + hi) / 2, half = (hi - lo) / 2 * maximumGain
            tlo = max(0, middle - half); thi = min(1, tlo + 2 * half); tlo = thi - 2 * half
        }
        var points = (0..<5).map { i -> (Double, Double) in
            let t = Double(i) / 4
            return (lo + t * (hi - lo), tlo + t * (thi - tlo))
        }
        // Exposure: a dark image (stretched median below 0.35) has its middle raised towards 0.4, by at most 0.12.
        let median = tlo + (analysis.lumaPercentile(0.5) - lo) * (thi - tlo) / (hi - lo)
        let lift = min(0.12, max(0, 0.6 * (0.4 - median)))
        if median < 0.35 {
            points[1].1 += 0.75 * lift; points[2].1 += lift; points[3].1 += 0.75 * lift
        }
        return points.allSatisfy({ abs($0.0 - $0.1) < 0.004 }) ? nil : points
    }

    /// Vibrance: 2 × (0.25 − mean saturation), at most 0.5; `nil` below 0.02.
    static func vibrance(for curved: ToneAnalysis) -> Double? {
        let amount = min(0.5, 2 * (0.25 - curved.meanSaturation))
        return amount >= 0.02 ? amount : nil
    }

    /// Shadow lift: 1.5 × (shadow mass − 0.35), at most 0.6, the shadow mass being the fraction of pixels with luma
    /// below 0.2 (sRGB-encoded); `nil` below 0.02.
    static func shadows(for curved: ToneAnalysis) -> Double? {
        let amount = min(0.6, 1.5 * (curved.lumaFraction(below: 0.2) - 0.35))
        return amount >= 0.02 ? amount : nil
    }
}
