import Foundation
import Testing
@testable import CoreImage

/// CIZoomBlur's C row loop gives the definition's pixels bit for bit: the reference below is the definition written
/// with `Tile.bilinear` (double-precision positions, single-precision samples and sums).
struct ZoomBlurTests {
    static func reference(_ kernel: ZoomBlurKernel, input: Tile, rect: PixelRect) -> [Float] {
        var out: [Float] = []
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let p = SIMD2(Double(x) + 0.5, Double(y) + 0.5), v = p - kernel.centre
                let reach = abs(kernel.amount) * (v * v).sum().squareRoot()
                let n = Int(min(Double(ZoomBlurKernel.maximumSamples), reach.rounded(.up))) + 1
                var sum = SIMD4<Float>.zero
                for k in 0..<n {
                    let q = kernel.centre + v * (1 - kernel.amount * Double(k) / Double(n))
                    sum += input.bilinear(Float(q.x), Float(q.y))
                }
                let value = sum / Float(n)
                out += [value.x, value.y, value.z, value.w]
            }
        }
        return out
    }

    @Test(arguments: [0.2, -0.35, 1.7])
    func theRowLoopGivesTheDefinitionsPixels(amount: Double) {
        // An input tile with varied premultiplied pixels, part of the samples falling outside it.
        let inputRect = PixelRect(x: -10, y: 5, width: 70, height: 50)
        var pixels = [Float](repeating: 0, count: inputRect.area * 4)
        var state: UInt32 = 7
        for i in pixels.indices { state = state &* 1_664_525 &+ 1_013_904_223; pixels[i] = Float(state >> 8) / Float(1 << 24) }
        let outputRect = PixelRect(x: -20, y: 0, width: 90, height: 60)
        let kernel = ZoomBlurKernel(centre: SIMD2(23.3, 31.7), amount: amount)
        var output = [Float](repeating: .nan, count: outputRect.area * 4)
        pixels.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                let input = Tile(base: inputBuffer.baseAddress!, rect: inputRect, stride: inputRect.width)
                let target = Tile(base: outputBuffer.baseAddress!, rect: outputRect, stride: outputRect.width)
                withUnsafePointer(to: input) { inputs in
                    kernel.render(into: target, inputs: UnsafeBufferPointer(start: inputs, count: 1), scratch: outputBuffer.baseAddress!)
                }
                let expected = Self.reference(kernel, input: input, rect: outputRect)
                let differing = zip(Array(outputBuffer), expected).filter { $0.0 != $0.1 }.count
                #expect(differing == 0, "amount \(amount): \(differing) of \(expected.count) components differ")
            }
        }
    }
}
