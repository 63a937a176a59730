import Foundation

/// The colours of a palette image (`CIPalettize`, `CIPaletteCentroid`): every pixel of the palette's extent, in
/// row order from the bottom, unpremultiplied, and the nearest-colour rule. Distances are Euclidean in the
/// linear working space, or in CIE L*a*b* (``Lab``) when `perceptual`; the first of equally near colours wins.
struct Palette {
    /// Unpremultiplied working-space colours (alpha kept).
    var colors: [SIMD4<Float>] = []
    /// The colours in the space distances are measured in.
    var keys: [SIMD3<Float>] = []
    let perceptual: Bool

    /// At most this many colours (Apple's `CIKMeans` makes at most 128); larger palette images give no output.
    static let maximumCount = 1024

    init(perceptual: Bool) { self.perceptual = perceptual }

    /// Adds an unpremultiplied colour.
    mutating func append(_ color: SIMD4<Float>) {
        colors.append(color)
        keys.append(key(color))
    }

    /// The distance space's coordinates of an unpremultiplied colour.
    @inline(__always)
    func key(_ p: SIMD4<Float>) -> SIMD3<Float> {
        guard perceptual else { return SIMD3(p.x, p.y, p.z) }
        let lab = Lab.from(p)
        return SIMD3(Float(lab.x), Float(lab.y), Float(lab.z))
    }

    /// The index of the colour nearest to the unpremultiplied `p` (0 for an empty palette).
    @inline(__always)
    func nearest(_ p: SIMD4<Float>) -> Int {
        let k = key(p)
        var best = 0, bestDistance = Float.infinity
        for (i, c) in keys.enumerated() {
            let d = c - k
            let distance = (d * d).sum()
            if distance < bestDistance { best = i; bestDistance = distance }
        }
        return best
    }

    /// Unpremultiplies a premultiplied pixel.
    @inline(__always)
    static func unpremultiplied(_ p: SIMD4<Float>) -> SIMD4<Float> {
        p.w > 0 ? SIMD4(p.x / p.w, p.y / p.w, p.z / p.w, p.w) : .zero
    }
}
