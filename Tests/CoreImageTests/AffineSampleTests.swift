import CPixelKernels
import Foundation
import Testing

/// The affine warp's bilinear sampling runs eight pixels at a time (AVX2) and gives the scalar reference's floats
/// bit for bit: rotations, scales, shears, positions across the tile's edges and far outside it, odd widths, NaN.
struct AffineSampleTests {
    static func sample(_ m: [Float], tile: (x: Int, y: Int, w: Int, h: Int), source: [Float], out: (x: Int, y: Int, w: Int, h: Int),
                       reference: Bool) -> [Float] {
        var result = [Float](repeating: -7, count: out.w * out.h * 4)
        if reference {
            pk_ci_affine_sample_reference(source, tile.w, tile.x, tile.y, tile.w, tile.h, &result, out.w, out.x, out.y, Int32(out.w), Int32(out.h), m, 0)
        } else {
            pk_ci_affine_sample(source, tile.w, tile.x, tile.y, tile.w, tile.h, &result, out.w, out.x, out.y, Int32(out.w), Int32(out.h), m, 0)
        }
        return result
    }

    @Test func eightAtATimeGivesTheReferenceFloats() {
        var generator = SystemRandomNumberGenerator()
        let tile = (x: -13, y: 40, w: 150, h: 120)
        let source = (0..<(tile.w * tile.h * 4)).map { _ in Float.random(in: -0.5...1.5, using: &generator) }
        var matrices: [[Float]] = [[1, 0, 0, 1, 0.25, -0.75], [-1, 0, 0, 1, 100, 0], [Float.nan, 0, 0, 1, 0, 0], [1e9, 0, 0, 1e9, 0, 0]]
        for _ in 0..<40 {
            let angle = Float.random(in: -Float.pi...Float.pi, using: &generator), scale = Float.random(in: 0.3...3, using: &generator)
            let shear = Float.random(in: -0.5...0.5, using: &generator)
            matrices.append([scale * cos(angle), scale * sin(angle), -scale * sin(angle) + shear, scale * cos(angle),
                             Float.random(in: -80...80, using: &generator), Float.random(in: -40...160, using: &generator)])
        }
        for m in matrices {
            for out in [(x: -20, y: 30, w: 181, h: 9), (x: 0, y: 0, w: 64, h: 64), (x: 5, y: 77, w: 7, h: 3)] {
                let reference = Self.sample(m, tile: tile, source: source, out: out, reference: true)
                let fast = Self.sample(m, tile: tile, source: source, out: out, reference: false)
                #expect(reference.map(\.bitPattern) == fast.map(\.bitPattern), "matrix \(m), output \(out)")
            }
        }
    }
}
