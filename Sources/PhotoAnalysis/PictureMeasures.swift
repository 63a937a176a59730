import Foundation

/// How good a picture looks, measured on its luma at a fixed size (so photos of any resolution compare):
/// sharpness, exposure and noise, each 0…1, and the quality score they make.
struct PictureMeasures: Equatable {
    var sharpness: Double
    var exposure: Double
    var noise: Double

    /// The side the measures are taken at.
    static let measuringSide = 512

    /// Quality 0…1: sharpness counts most, then exposure, then the absence of noise.
    var quality: Double { 0.55 * sharpness + 0.30 * exposure + 0.15 * (1 - noise) }

    init(sharpness: Double, exposure: Double, noise: Double) { (self.sharpness, self.exposure, self.noise) = (sharpness, exposure, noise) }

    /// Measures `plane` (shrunk to `measuringSide` first).
    init(_ plane: GreyPlane) {
        let grey = plane.shrunk(toFit: Self.measuringSide)
        sharpness = Self.sharpness(grey)
        exposure = Self.exposure(grey)
        noise = Self.noise(grey)
    }

    /// Sharpness: the variance of the Laplacian in the most detailed quarter of 16×16 blocks (so a large plain sky
    /// does not make a sharp photo read as soft), mapped to 0…1 by v / (v + 100).
    static func sharpness(_ g: GreyPlane) -> Double {
        guard g.width >= 3, g.height >= 3 else { return 0 }
        let block = 16
        var blocks: [(sum: Double, sumSquares: Double, count: Int)] = []
        for by in stride(from: 1, to: g.height - 1, by: block) {
            for bx in stride(from: 1, to: g.width - 1, by: block) {
                var sum = 0.0, squares = 0.0, count = 0
                for y in by..<min(by + block, g.height - 1) {
                    for x in bx..<min(bx + block, g.width - 1) {
                        let l = Double(g[x - 1, y] + g[x + 1, y] + g[x, y - 1] + g[x, y + 1] - 4 * g[x, y])
                        sum += l; squares += l * l; count += 1
                    }
                }
                if count > 0 { blocks.append((sum, squares, count)) }
            }
        }
        let detailed = blocks.sorted { $0.sumSquares / Double($0.count) > $1.sumSquares / Double($1.count) }.prefix(max(1, blocks.count / 4))
        let n = Double(detailed.reduce(0) { $0 + $1.count })
        let mean = detailed.reduce(0) { $0 + $1.sum } / n
        let variance = detailed.reduce(0) { $0 + $1.sumSquares } / n - mean * mean
        return variance / (variance + 100)
    }

    /// Exposure: 1 for a mid-toned picture with nothing clipped, falling as the mean luma leaves the middle and as
    /// more pixels are clipped to black or white.
    static func exposure(_ g: GreyPlane) -> Double {
        guard !g.values.isEmpty else { return 0 }
        var sum = 0.0, clipped = 0
        for v in g.values {
            sum += Double(v)
            if v <= 2 || v >= 253 { clipped += 1 }
        }
        let mean = sum / Double(g.values.count)
        let offCentre = abs(mean - 118) / 118
        let clippedFraction = Double(clipped) / Double(g.values.count)
        return max(0, 1 - offCentre * offCentre) * max(0, 1 - 2 * clippedFraction)
    }

    /// Noise: Immerkær's estimate of the noise's standard deviation (a 3×3 mask that cancels smooth gradients),
    /// taken only where the picture is locally flat (edges would read as noise), mapped to 0…1 by σ / 10.
    static func noise(_ g: GreyPlane) -> Double {
        guard g.width >= 3, g.height >= 3 else { return 0 }
        var sum = 0.0, count = 0
        for y in 1..<(g.height - 1) {
            for x in 1..<(g.width - 1) {
                let gx = g[x + 1, y] - g[x - 1, y], gy = g[x, y + 1] - g[x, y - 1]
                guard gx * gx + gy * gy < 400 else { continue }   // flat: gradient below 20 levels over two pixels
                let m = g[x - 1, y - 1] - 2 * g[x, y - 1] + g[x + 1, y - 1]
                      - 2 * g[x - 1, y] + 4 * g[x, y] - 2 * g[x + 1, y]
                      + g[x - 1, y + 1] - 2 * g[x, y + 1] + g[x + 1, y + 1]
                sum += Double(abs(m)); count += 1
            }
        }
        guard count > 0 else { return 0 }
        let sigma = (Double.pi / 2).squareRoot() * sum / (6 * Double(count))
        return min(1, sigma / 10)
    }
}
