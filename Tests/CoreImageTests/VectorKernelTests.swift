import CPixelKernels
@testable import CoreImage
import Foundation
import ImageIO
import Testing
import _TestSupport

/// The vector forms of the per-pixel and convolution kernels give the floats of their definitions bit for bit:
/// the horizontal blur pass (AVX-512 from four shifted aligned copies of the row, eight accumulators) against the
/// tap-ordered fused multiply-add sum, at every tail length and across its 256-pixel chunks; the colour matrix's
/// four-pixel vector step against its scalar tail; the vignette's sixteen-pixel step against its definition.
struct VectorKernelTests {
    /// out[p] = 0 + w₀·x[p] + w₁·x[p + 1] + …, each step one fused multiply-add, in tap order (what every build
    /// with FMA computes).
    static func referenceRow(_ input: [Float], from start: Int, weights: [Float], width: Int) -> [Float] {
        var out = [Float](repeating: 0, count: width * 4)
        for p in 0..<width {
            for c in 0..<4 {
                var acc: Float = 0
                for (k, w) in weights.enumerated() { acc = acc.addingProduct(w, input[(start + p + k) * 4 + c]) }
                out[p * 4 + c] = acc
            }
        }
        return out
    }

    @Test(arguments: [3, 9, 21, 61, 121])
    func horizontalPassGivesTheTapOrderedSums(taps: Int) throws {
        try #require(pk_cpu_has_avx2_fma_f16c(), "the reference is the fused multiply-add sum; this CPU has no FMA")
        var generator = SystemRandomNumberGenerator()
        let weights = SeparableConvolution.gaussianWeights(sigma: Double(taps / 2) / 3)
        let used = Array(weights.prefix(taps))
        for width in [1, 15, 16, 17, 31, 32, 33, 100, 255, 256, 257, 300, 600, 701] {
            let start = width % 4
            let inputWidth = start + width + used.count + 2
            let input = (0..<(inputWidth * 4 * 2)).map { _ in Float.random(in: -0.25...1.25, using: &generator) }
            var output = [Float](repeating: .nan, count: width * 4 * 2)
            // A 64-byte-aligned copy: rows starting on a cache line (start 0) are read in place, the others copied.
            let aligned = UnsafeMutablePointer<Float>(OpaquePointer(UnsafeMutableRawPointer.allocate(byteCount: input.count * 4, alignment: 64)))
            defer { UnsafeMutableRawPointer(aligned).deallocate() }
            aligned.update(from: input, count: input.count)
            pk_ci_convolve_rows(aligned + start * 4, inputWidth, &output, width, Int32(width), 2, used, Int32(used.count))
            for row in 0..<2 {
                let rowInput = Array(input[(row * inputWidth * 4)..<((row + 1) * inputWidth * 4)])
                let expected = Self.referenceRow(rowInput, from: start, weights: used, width: width)
                let got = Array(output[(row * width * 4)..<((row + 1) * width * 4)])
                #expect(got.map(\.bitPattern) == expected.map(\.bitPattern), "taps \(used.count), width \(width), row \(row)")
            }
        }
    }

    @Test(arguments: [3, 7, 8, 9, 21, 61])
    func verticalPassGivesTheTapOrderedSums(taps: Int) throws {
        try #require(pk_cpu_has_avx2_fma_f16c(), "the reference is the fused multiply-add sum; this CPU has no FMA")
        var generator = SeededGenerator(seed: UInt64(taps))
        let weights = SeparableConvolution.gaussianWeights(sigma: Double(taps / 2) / 3).prefix(taps).map { $0 }
        for floats in [1, 15, 16, 31, 32, 33, 48, 100, 767, 768, 801] {
            // Eight output rows from taps + 7 input rows, by eight, by four and one at a time.
            let rows = (0..<(taps + 7)).map { _ in (0..<floats).map { _ in Float(generator.next() >> 40) / Float(1 << 22) - 1 } }
            var expected = [[Float]](repeating: [Float](repeating: 0, count: floats), count: 8)
            for j in 0..<8 {
                for i in 0..<floats {
                    var acc: Float = 0
                    for k in 0..<weights.count { acc = acc.addingProduct(weights[k], rows[j + k][i]) }
                    expected[j][i] = acc
                }
            }
            let inputs = rows.map { row -> UnsafeMutablePointer<Float> in
                let copy = UnsafeMutablePointer<Float>.allocate(capacity: floats)
                copy.update(from: row, count: floats)
                return copy
            }
            let outputs = (0..<8).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: floats) }
            defer { (inputs + outputs).forEach { $0.deallocate() } }
            let readOnly = inputs.map { Optional(UnsafePointer($0)) }
            func results() -> [[Float]] { outputs.map { Array(UnsafeBufferPointer(start: $0, count: floats)) } }
            pk_ci_convolve_gather8_floats(readOnly, Int32(taps), weights, outputs.map { Optional($0) }, floats)
            #expect(results() == expected, "by eight: taps \(taps), \(floats) floats")
            outputs.forEach { $0.update(repeating: .nan, count: floats) }
            for j in stride(from: 0, to: 8, by: 4) {
                pk_ci_convolve_gather4_floats(Array(readOnly[j...]), Int32(taps), weights, outputs[j], outputs[j + 1], outputs[j + 2], outputs[j + 3], floats)
            }
            #expect(results() == expected, "by four: taps \(taps), \(floats) floats")
            for j in 0..<8 { pk_ci_convolve_gather_floats(Array(readOnly[j...]), Int32(taps), weights, outputs[j], floats) }
            #expect(results() == expected, "one at a time: taps \(taps), \(floats) floats")
        }
    }

    @Test func colourMatrixVectorStepsEqualItsScalarTail() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let matrix = (0..<20).map { _ in Float.random(in: -2...2, using: &generator) }
            let pixel = (0..<4).map { _ in Float.random(in: -0.5...1.5, using: &generator) }
            // Pixels 0…11 take the vector step, 12…14 the scalar one.
            var pixels = (0..<15).flatMap { _ in pixel }
            pk_ci_matrix(&pixels, 15, matrix)
            for index in 1..<15 {
                #expect(pixels[(index * 4)..<(index * 4 + 4)].map(\.bitPattern) == pixels[0..<4].map(\.bitPattern), "pixel \(index)")
            }
        }
    }

    @Test func toneCurveVectorStepsEqualItsScalarPixel() {
        // The vector steps (four pixels with AVX-512, two with AVX2) against one pixel at a time (the scalar
        // reference): bit for bit, for clamped and extended curves, either direction, any channel mask, with
        // NaNs, negatives, values past 1 and the table's end points.
        var generator = SeededGenerator(seed: 42)
        let table = (0..<4097).map { Float(pow(Double($0) / 4096, 1 / 2.2)) }
        let parameters: [Float] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045, 0, 0]
        let specials: [Float] = [.nan, -0.25, 0, 1, 1.5, 1 / 4096, 0.5, -2]
        for extended in [0, 1] as [Int32] {
            for inverse in [0, 1] as [Int32] {
                for channels in [7, 1, 5] as [Int32] {
                    var pixels = (0..<(4 * 37)).map { index -> Float in
                        index % 9 == 0 ? specials[(index / 9) % specials.count] : Float.random(in: -0.2...(extended == 1 ? 1.0 : 1.2), using: &generator)
                    }
                    var one = pixels
                    pk_ci_curve(&pixels, 37, table, Int32(table.count), parameters, extended, inverse, channels)
                    for pixel in 0..<37 {
                        one.withUnsafeMutableBufferPointer { pk_ci_curve($0.baseAddress! + pixel * 4, 1, table, Int32(table.count), parameters, extended, inverse, channels) }
                    }
                    #expect(pixels.map(\.bitPattern) == one.map(\.bitPattern), "extended \(extended), inverse \(inverse), channels \(channels)")
                }
            }
        }
    }

    @Test func theGamutMapsScanFindsWhatSwiftsMinFinds() {
        // Every pixel the vector scan stops at, and only those, has `min(r, min(g, b)) < 0` (NaNs included).
        var generator = SeededGenerator(seed: 7)
        let choices: [Float] = [-0.5, 0, 0.25, 1, .nan, -.infinity, 2, -0.0]
        for _ in 0..<50 {
            let count = Int.random(in: 1...40, using: &generator)
            var pixels = (0..<(count * 4)).map { _ in Float.random(in: 0...1, using: &generator) < 0.8 ? Float.random(in: 0...1, using: &generator) : choices.randomElement(using: &generator)! }
            let expected = (0..<count).filter { i in min(pixels[i * 4], min(pixels[i * 4 + 1], pixels[i * 4 + 2])) < 0 }
            var found: [Int] = []
            var i = pk_raw_next_negative(&pixels, 0, count)
            while i < count { found.append(i); i = pk_raw_next_negative(&pixels, i + 1, count) }
            #expect(found == expected)
        }
    }

    @Test func vignetteGivesItsDefinitionsFloats() {
        var generator = SystemRandomNumberGenerator()
        for count in [1, 7, 15, 16, 17, 33, 64, 70] {
            let x = Int.random(in: -50...4000, using: &generator)
            let (cx, dy) = (Float.random(in: 0...4000, using: &generator), Float.random(in: -2000...2000, using: &generator))
            let (scale, inner) = (Float.random(in: 0.0001...0.01, using: &generator), Float.random(in: 0...0.9, using: &generator))
            let (width, intensity) = (Float.random(in: 0.05...1, using: &generator), Float.random(in: -1...2, using: &generator))
            let input = (0..<(count * 4)).map { _ in Float.random(in: 0...1, using: &generator) }
            var pixels = input
            pk_ci_vignette(&pixels, count, x, cx, dy, scale, inner, width, intensity)
            let (slope, offset) = (scale / width, inner / width)
            for i in 0..<count {
                let dx = (Float(i) + Float(x) + 0.5) - cx
                var t = (dx * dx + dy * dy).squareRoot() * slope - offset
                t = min(max(t, 0), 1)
                let factor = 1 - intensity * (t * t * (3 - 2 * t))
                let expected = [input[i * 4] * factor, input[i * 4 + 1] * factor, input[i * 4 + 2] * factor, input[i * 4 + 3]]
                #expect(pixels[(i * 4)..<(i * 4 + 4)].map(\.bitPattern) == expected.map(\.bitPattern), "count \(count), pixel \(i)")
            }
        }
    }

    @Test func largeBuffersAreZeroedHugePageMappings() {
        let large = HugePageMemory.zeroedData(count: HugePageMemory.threshold + 12_345)
        #expect(large.count == HugePageMemory.threshold + 12_345)
        #expect(large.allSatisfy { $0 == 0 })
        var copy = large
        copy[5] = 7
        #expect(large[5] == 0 && copy[5] == 7)
        let small = HugePageMemory.zeroedData(count: 100)
        #expect(small.count == 100 && small.allSatisfy { $0 == 0 })
        #expect(HugePageMemory.map(byteCount: 4096) == nil)
        if let mapping = HugePageMemory.map(byteCount: 16 << 20) {
            #expect(Int(bitPattern: mapping.pointer) % (2 << 20) == 0)
            #expect(mapping.length >= 16 << 20)
            munmap(mapping.base, mapping.length)
        }
    }
}
