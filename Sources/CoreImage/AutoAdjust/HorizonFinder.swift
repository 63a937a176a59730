import Foundation

/// Finds the dominant near-horizontal straight line of an image (a horizon, a table edge) for auto-levelling: a
/// Hough transform over Sobel edges whose gradient is within about 15° of vertical, for lines tilted at most 10°.
enum HorizonFinder {
    /// The largest tilt searched, in radians (10°).
    static let maximumTilt = 10 * Double.pi / 180
    /// The angular step of the accumulator (0.1°); the peak is refined between steps by a parabola.
    static let step = 0.1 * Double.pi / 180

    /// The angle (radians, counter-clockwise, y up) by which to rotate the image so its dominant near-horizontal
    /// line becomes level, or `nil` when no line spans at least 40 % of the image's width.
    static func levellingAngle(of grey: GreyImage) -> Double? {
        let w = grey.width, h = grey.height
        guard w >= 16, h >= 16 else { return nil }
        let px = grey.pixels
        // Sobel gradients; keep strong edges whose gradient points within ~15° of vertical.
        var gx = [Float](repeating: 0, count: w * h), gy = gx, magnitude = gx
        for y in 1..<(h - 1) {
            for x in 1..<(w - 1) {
                @inline(__always) func p(_ dx: Int, _ dy: Int) -> Float { Float(px[(y + dy) * w + x + dx]) }
                let sx = (p(1, -1) + 2 * p(1, 0) + p(1, 1)) - (p(-1, -1) + 2 * p(-1, 0) + p(-1, 1))
                let sy = (p(-1, 1) + 2 * p(0, 1) + p(1, 1)) - (p(-1, -1) + 2 * p(0, -1) + p(1, -1))
                let i = y * w + x
                (gx[i], gy[i], magnitude[i]) = (sx, sy, (sx * sx + sy * sy).squareRoot())
            }
        }
        let sorted = magnitude.sorted()
        let threshold = max(64, sorted[Int(Double(sorted.count - 1) * 0.9)])
        let slope = Float(tan(15 * Double.pi / 180))
        var points: [(Double, Double)] = []
        for i in 0..<(w * h) where magnitude[i] >= threshold && abs(gx[i]) <= slope * abs(gy[i]) {
            points.append((Double(i % w) + 0.5, Double(i / w) + 0.5))
        }
        guard points.count >= w / 4 else { return nil }
        // Accumulator over (angle, ρ = y cos θ − x sin θ) with ρ in 1-pixel bins; θ > 0 descends to the right (y down).
        let angles = Int((2 * maximumTilt / step).rounded()) + 1
        let reach = Double(w) * sin(maximumTilt) + 2
        let bins = Int((Double(h) + 2 * reach).rounded(.up)) + 1
        var votes = [Int32](repeating: 0, count: angles * bins)
        for a in 0..<angles {
            let theta = -maximumTilt + Double(a) * step
            let c = cos(theta), s = sin(theta)
            let row = a * bins
            for (x, y) in points {
                let bin = Int(y * c - x * s + reach)
                if bin >= 0 && bin < bins { votes[row + bin] &+= 1 }
            }
        }
        // Per angle, the best band of three ρ bins (Sobel edges are two pixels thick).
        var profile = [Double](repeating: 0, count: angles)
        for a in 0..<angles {
            let row = a * bins
            var best: Int32 = 0
            for b in 1..<(bins - 1) { best = max(best, votes[row + b - 1] + votes[row + b] + votes[row + b + 1]) }
            profile[a] = Double(best)
        }
        guard let peak = profile.indices.max(by: { profile[$0] < profile[$1] }) else { return nil }
        // Thick edges give about two votes per column along the line.
        guard profile[peak] >= 0.4 * 2 * Double(w) else { return nil }
        var offset = 0.0
        if peak > 0 && peak < angles - 1 {
            let l = profile[peak - 1], m = profile[peak], r = profile[peak + 1]
            let d = l - 2 * m + r
            if d < 0 { offset = max(-0.5, min(0.5, 0.5 * (l - r) / d)) }
        }
        let theta = -maximumTilt + (Double(peak) + offset) * step
        // A line descending to the right on screen (θ > 0) is turned counter-clockwise (y up) by θ to level it.
        return abs(theta) < 0.05 * Double.pi / 180 ? nil : theta
    }
}
