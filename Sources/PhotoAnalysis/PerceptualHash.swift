import Foundation

/// A 64-bit perceptual hash (the DCT hash): the luma shrunk to 32×32, its 2-D cosine transform, and one bit per
/// coefficient of the lowest 8×8 frequencies — set when the coefficient is above their median. Resizing,
/// recompressing and small changes of colour or light move few bits; different pictures differ in about half.
enum PerceptualHash {
    static func hash(_ plane: GreyPlane) -> UInt64 {
        let n = 32
        let small = plane.resampled(width: n, height: n)
        // cos((2x + 1) u π / 2n) for u < 8.
        var basis = [Double](repeating: 0, count: 8 * n)
        for u in 0..<8 { for x in 0..<n { basis[u * n + x] = cos(Double(2 * x + 1) * Double(u) * .pi / Double(2 * n)) } }
        // Rows first (8 frequencies per row), then columns.
        var rows = [Double](repeating: 0, count: n * 8)
        for y in 0..<n { for u in 0..<8 {
            var s = 0.0
            for x in 0..<n { s += Double(small.values[y * n + x]) * basis[u * n + x] }
            rows[y * 8 + u] = s
        } }
        var coefficients = [Double](repeating: 0, count: 64)
        for v in 0..<8 { for u in 0..<8 {
            var s = 0.0
            for y in 0..<n { s += rows[y * 8 + u] * basis[v * n + y] }
            coefficients[v * 8 + u] = s
        } }
        // The median leaves out the DC term (the mean brightness), which would dominate it.
        let median = coefficients.dropFirst().sorted()[31]
        var bits: UInt64 = 0
        for (i, c) in coefficients.enumerated() where c > median { bits |= 1 << UInt64(i) }
        return bits
    }
}
