import Foundation
import ImageIO

/// The stages of a RAW development that `CIRAWFilter.outputImage` chains.
enum RAWDevelopment {
    /// The demosaiced sensor in the working space, scaled by the filter's `scaleFactor` (half-size development
    /// at 0.5 and below, then Lanczos for what remains).
    static func demosaiced(_ filter: CIRAWFilter) -> CIImage {
        let method: BayerDemosaic.Method = filter.isDraftModeEnabled ? .bilinear
            : filter.decoderVersion == .photoKitLinux1 ? .gradientCorrected : .ratioCorrected
        let kernel = BayerDemosaic(sensor: filter.sensor, serial: filter.serial, method: method, whiteBalance: filter.whiteBalance,
                                   highlightRecovery: filter.isHighlightRecoveryEnabled)
        var remaining = Double(filter.scaleFactor)
        let node: Image
        if remaining <= 0.5, filter.sensor.width >= 4, filter.sensor.height >= 4 {
            let half = HalfSizeDemosaic(base: kernel)
            node = Image(.area(half, []), extent: half.extent(of: []), isOpaque: true)
            remaining *= 2
        } else {
            node = Image(.area(kernel, []), extent: kernel.extent(of: []), isOpaque: true)
        }
        // The kernels write linear light with sRGB primaries; colour management takes it to the working space.
        let linear = Image(.colorMatch(.toWorking(ColorSpaces.extendedLinearSRGB), node), extent: node.extent, isOpaque: true)
        var image = CIImage(image: linear)
        if remaining < 0.9999 {
            image = image.applyingFilter("CILanczosScaleTransform", parameters: [kCIInputScaleKey: remaining, kCIInputAspectRatioKey: 1])
        }
        return image
    }

    /// The base tone curve — a cubic spline through (0, 0), (¼, 0.21), (½, 0.54), (¾, 0.82), (1, 1) on
    /// sRGB-encoded values, a gentle S with lifted mid-tones — blended with the identity by `amount`;
    /// `shadows` (0…2) moves the quarter-tone point down or up. One tabulated curve on linear values (encode,
    /// curve, decode folded together), so the boost costs one table lookup per channel. Values are clamped to
    /// 0…1 by the curve (the boost is where the development becomes display-referred).
    static func boosted(_ image: CIImage, amount: Float, shadows: Float) -> CIImage {
        var targets: [Double] = [0, 0.21, 0.54, 0.82, 1]
        targets[1] *= Double(1 + 0.35 * (shadows - 1))
        let spline = CubicSpline(points: (0..<5).map { (Double($0) * 0.25, targets[$0]) })
        let a = Double(amount)
        let curve = ToneCurve(name: "rawBoost(\(amount),\(shadows))") { linear in
            let encoded = Double(Luma.encode(Float(linear)))
            let curved = encoded + (spline.value(at: encoded) - encoded) * a
            return Double(Luma.decode(Float(min(max(curved, 0), 1))))
        }
        return image.deriving(image.image.applying(operationsKernel("rawBoost", [.curve(curve)])))
    }
}

/// White balance from a neutral part of the picture: the mean of each colour's photosites in a 15×15 window
/// (black subtracted; photosites within 2% of saturation ignored) is taken as the light's colour.
enum RAWNeutralSample {
    static func whiteBalance(_ sensor: RAWSensorData, at point: CGPoint) -> RAWWhiteBalance? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        let column = Int(point.x.rounded(.down)), row = sensor.height - 1 - Int(point.y.rounded(.down))
        guard column >= 0, column < sensor.width, row >= 0, row < sensor.height else { return nil }
        var sums = SIMD3<Double>(repeating: 0), counts = SIMD3<Double>(repeating: 0)
        for r in max(0, row - 7)...min(sensor.height - 1, row + 7) {
            for c in max(0, column - 7)...min(sensor.width - 1, column + 7) {
                let position = (r & 1) * 2 + (c & 1)
                let value = Float(sensor.mosaic[r, c])
                let black = sensor.blackLevels[position]
                guard value < black + (sensor.whiteLevel - black) * 0.98 else { continue }
                let channel = sensor.pattern[position]
                sums[channel] += Double(max(value - black, 0)) / Double(sensor.whiteLevel - black)
                counts[channel] += 1
            }
        }
        guard counts.min() > 0 else { return nil }
        let means = sums / counts
        guard means.min() > 1e-6 else { return nil }
        return RAWWhiteBalance(multipliers: SIMD3<Float>(Float(1 / means.x), Float(1 / means.y), Float(1 / means.z)))
    }
}
