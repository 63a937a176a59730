import Foundation
import Testing
@testable import CoreImage

/// CIBoxBlur's window sums (`BoxFilter`) against the mean computed directly in double precision — radii whose
/// normalisation multiplies by 1 / (2r + 1) and radii where it must divide, an infinite input — and the same pixels
/// whatever the tiles.
struct BoxFilterTests {
    static let width = 70, height = 50

    /// Premultiplied working pixels, rows top first: varied colours, alphas from 0.2 to 1, a few fully opaque rows.
    static let pixels: [Float] = {
        var state: UInt32 = 12345
        func next() -> Float { state = state &* 1_664_525 &+ 1_013_904_223; return Float(state >> 8) / Float(1 << 24) }
        var values: [Float] = []
        for y in 0..<height {
            for _ in 0..<width {
                let alpha: Float = y % 7 == 0 ? 1 : 0.2 + 0.8 * next()
                values += [next() * alpha, next() * alpha, next() * alpha, alpha]
            }
        }
        return values
    }()

    static func source(_ pixels: [Float] = pixels) -> CIImage {
        let data = pixels.withUnsafeBufferPointer { Data(buffer: $0) }
        return CIImage(bitmapData: data, bytesPerRow: width * 16, size: CGSize(width: width, height: height), format: .RGBAf, colorSpace: nil)
    }

    /// The mean over each (2r + 1)² window, the input clear outside its extent, over the extent grown by r.
    static func directMeans(radius r: Int, pixels: [Float] = pixels) -> [Float] {
        let outWidth = width + 2 * r, outHeight = height + 2 * r, count = Double((2 * r + 1) * (2 * r + 1))
        var result = [Float](repeating: 0, count: outWidth * outHeight * 4)
        for oy in 0..<outHeight {
            for ox in 0..<outWidth {
                var sum = SIMD4<Double>()
                for y in max(oy - 2 * r, 0)..<min(oy + 1, height) {
                    for x in max(ox - 2 * r, 0)..<min(ox + 1, width) {
                        let i = (y * width + x) * 4
                        sum += SIMD4(Double(pixels[i]), Double(pixels[i + 1]), Double(pixels[i + 2]), Double(pixels[i + 3]))
                    }
                }
                for c in 0..<4 { result[(oy * outWidth + ox) * 4 + c] = Float(sum[c] / count) }
            }
        }
        return result
    }

    static func render(radius: Int, tile: (Int, Int)? = nil, threads: Int? = nil, pixels: [Float] = pixels) -> (rect: CGRect, pixels: [Float]) {
        let blurred = source(pixels).applyingFilter("CIBoxBlur", parameters: [kCIInputRadiusKey: Double(radius)])
        let context = CIContext()
        context.renderOverrides = RenderOverrides(tileWidth: tile?.0, tileHeight: tile?.1, threads: threads)
        return (blurred.extent, Render.floats(blurred, blurred.extent, colorSpace: nil, context: context))
    }

    // 20 and 60: 2r + 1 = 41 and 121, whose reciprocals times themselves are not exactly 1 in single precision.
    @Test(arguments: [1, 2, 10, 20, 33, 60, 120])
    func meansMatchTheDirectSum(radius: Int) {
        let (rect, pixels) = Self.render(radius: radius)
        #expect(rect == CGRect(x: -radius, y: -radius, width: Self.width + 2 * radius, height: Self.height + 2 * radius))
        let expected = Self.directMeans(radius: radius)
        // Column sums slide over up to `block` rows, each step rounding once more.
        let difference = Render.maxDifference(pixels, expected)
        #expect(difference < 1e-5, "r \(radius): differs from the direct mean by up to \(difference)")
    }

    @Test func anInfiniteInputSpoilsOnlyTheWindowsHoldingIt() {
        var pixels = Self.pixels
        pixels[(25 * Self.width + 35) * 4] = .infinity
        let radius = 3
        let (_, rendered) = Self.render(radius: radius, pixels: pixels)
        let expected = Self.directMeans(radius: radius, pixels: pixels)
        var spoiled = 0, wrong = 0
        for (got, want) in zip(rendered, expected) {
            if want.isInfinite { spoiled += 1; if got != want { wrong += 1 } } else if !(abs(got - want) < 1e-5) { wrong += 1 }
        }
        #expect(spoiled == 49, "windows holding the infinite pixel: \(spoiled)")
        #expect(wrong == 0, "\(wrong) components differ from the direct mean")
    }

    @Test(arguments: [10, 20])
    func pixelsDoNotDependOnTilesOrThreads(radius: Int) {
        let reference = Self.render(radius: radius, tile: (1024, 1024), threads: 1).pixels
        for (tile, threads) in [((16, 16), 1), ((64, 5), 2), ((33, 47), 2)] {
            let pixels = Self.render(radius: radius, tile: tile, threads: threads).pixels
            #expect(pixels == reference, "r \(radius), tile \(tile), \(threads) thread(s): differs by up to \(Render.maxDifference(pixels, reference))")
        }
    }
}
