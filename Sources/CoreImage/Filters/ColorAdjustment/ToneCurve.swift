import Foundation

extension FilterCatalog {
    /// CIToneCurve: a natural cubic spline through the five points, applied to each of R, G, B in the sRGB-encoded
    /// (perceptual) version of the working space: `decode(spline(encode(v)))`, inputs clamped to [0, 1].
    static let toneCurve = FilterDefinition(
        name: "CIToneCurve", categories: [kCategory.colorAdjustment, kCategory.video, kCategory.stillImage, kCategory.interlaced, kCategory.nonSquarePixels],
        summary: "Adjusts tone response of the R, G, and B channels of an image.",
        parameters: (0..<5).map { i in
            .offset("inputPoint\(i)", Double(i) * 0.25, Double(i) * 0.25, identity: [Double(i) * 0.25, Double(i) * 0.25], summary: "A vector containing the position of the point.")
        }.prepending(.image()),
        mac: "10.7", iOS: "5"
    ) { args in
        guard let image = args.image() else { return nil }
        let points = (0..<5).map { args.vector("inputPoint\($0)") }.map { ($0.first ?? 0, $0.count > 1 ? $0[1] : 0) }
        let spline = CubicSpline(points: points)
        let curve = ToneCurve(name: "toneCurve") { v in
            Double(Luma.decode(Float(spline.value(at: Double(Luma.encode(Float(v)))))))
        }
        return image.applying(operationsKernel("toneCurve", [.curve(curve)]))
    }
}

extension Array {
    func prepending(_ element: Element) -> [Element] { [element] + self }
}

/// A natural cubic spline through points sorted by x (clamped to the end values outside).
struct CubicSpline: Sendable {
    let xs: [Double]
    let ys: [Double]
    let second: [Double]

    init(points: [(Double, Double)]) {
        let sorted = points.sorted { $0.0 < $1.0 }
        xs = sorted.map(\.0)
        ys = sorted.map(\.1)
        let n = xs.count
        var m = [Double](repeating: 0, count: n)
        if n > 2 {
            // Tridiagonal system for the second derivatives (natural ends: m₀ = mₙ₋₁ = 0).
            var c = [Double](repeating: 0, count: n), d = [Double](repeating: 0, count: n)
            for i in 1..<(n - 1) {
                let h0 = max(xs[i] - xs[i - 1], 1e-9), h1 = max(xs[i + 1] - xs[i], 1e-9)
                let a = h0, b = 2 * (h0 + h1), cc = h1
                let r = 6 * ((ys[i + 1] - ys[i]) / h1 - (ys[i] - ys[i - 1]) / h0)
                let denominator = b - a * c[i - 1]
                c[i] = cc / denominator
                d[i] = (r - a * d[i - 1]) / denominator
            }
            for i in stride(from: n - 2, through: 1, by: -1) { m[i] = d[i] - c[i] * m[i + 1] }
        }
        second = m
    }

    func value(at x: Double) -> Double {
        guard let first = xs.first, let last = xs.last else { return x }
        if x <= first { return ys[0] }
        if x >= last { return ys[ys.count - 1] }
        var i = 0
        while i < xs.count - 2 && x > xs[i + 1] { i += 1 }
        let h = max(xs[i + 1] - xs[i], 1e-9)
        let a = (xs[i + 1] - x) / h, b = (x - xs[i]) / h
        return a * ys[i] + b * ys[i + 1] + ((a * a * a - a) * second[i] + (b * b * b - b) * second[i + 1]) * h * h / 6
    }
}
