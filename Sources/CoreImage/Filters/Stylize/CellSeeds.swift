import Foundation

/// Jittered seed points for the cell effects (`CICrystallize`, `CIPointillize`): the plane is cut into square
/// cells of a given size on a grid through the effect's centre, and cell (i, j) holds one seed at
/// centre + (i + u, j + v)·size, u and v in [0, 1) from an integer hash of (i, j) (so the pattern is the same
/// whatever part of the plane is rendered). Apple publishes neither its point placement nor its random
/// numbers; `Tests/CoreImageTests/References/reference.py` repeats this hash.
struct CellSeeds: Sendable, CustomStringConvertible {
    let centre: SIMD2<Double>
    let size: Double

    /// The cell holding `p`.
    @inline(__always) func cell(_ p: SIMD2<Double>) -> (Int, Int) {
        let q = (p - centre) / size
        return (Int(q.x.rounded(.down)), Int(q.y.rounded(.down)))
    }

    /// The seed of cell (i, j).
    @inline(__always) func seed(_ i: Int, _ j: Int) -> SIMD2<Double> {
        centre + SIMD2(Double(i) + CellSeeds.unit(i, j, 0), Double(j) + CellSeeds.unit(i, j, 1)) * size
    }

    /// The seed nearest to `p` among the cells within `reach` cells of its own (the first found on ties,
    /// scanning rows of j then columns of i upward), and its squared distance.
    func nearest(_ p: SIMD2<Double>, reach: Int) -> (SIMD2<Double>, Double) {
        let (ci, cj) = cell(p)
        var best = SIMD2<Double>(0, 0), bestDistance = Double.infinity
        for j in (cj - reach)...(cj + reach) {
            for i in (ci - reach)...(ci + reach) {
                let s = seed(i, j), d = ((s - p) * (s - p)).sum()
                if d < bestDistance { (best, bestDistance) = (s, d) }
            }
        }
        return (best, bestDistance)
    }

    /// A number in [0, 1) from (i, j, k): 32-bit multiply–xorshift mixing.
    @inline(__always) static func unit(_ i: Int, _ j: Int, _ k: UInt32) -> Double {
        var h = (UInt32(truncatingIfNeeded: i) &* 0x9E37_79B1) ^ (UInt32(truncatingIfNeeded: j) &* 0x85EB_CA77) ^ (k &* 0xC2B2_AE3D)
        h ^= h >> 15; h = h &* 0x2C1B_3C6D
        h ^= h >> 12; h = h &* 0x297A_2D39
        h ^= h >> 15
        return Double(h) / 4_294_967_296
    }

    var description: String { "\(centre) \(size)" }
}
