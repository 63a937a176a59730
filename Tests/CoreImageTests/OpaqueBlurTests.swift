import Foundation
import Testing
import _TestSupport
import _Testing_CoreImage
@testable import CoreImage

/// A separable blur of an input opaque everywhere it reads leaves the alpha channel out (`SeparableConvolution`'s
/// opaque mode: four rows' RGB filtered as three four-lane rows, packed RGB in the vertical pass). Every output
/// float must be the four-lane passes' to the bit, and alpha exactly 1, whatever the tile's size (rows left over
/// from groups of four, widths around the vector widths) and the kernel's size.
struct OpaqueBlurTests {
    /// Output tiles of `kernel` over `rect` from opaque noise, in the four-lane and the opaque mode.
    static func outputs(_ kernel: SeparableConvolution, _ rect: PixelRect, seed: UInt64) -> (fourLane: [Float], opaque: [Float]) {
        let roi = kernel.regionOfInterest(input: 0, for: rect)
        var generator = SeededGenerator(seed: seed)
        var input = [Float](repeating: 1, count: roi.area * 4)
        for i in 0..<roi.area { for c in 0..<3 { input[i * 4 + c] = Float(generator.next() >> 40) / Float(1 << 24) } }
        var opaque = kernel
        opaque.opaqueInput = true
        var plain = kernel
        plain.opaqueInput = false
        return (render(plain, rect, roi, &input), render(opaque, rect, roi, &input))
    }

    static func render(_ kernel: SeparableConvolution, _ rect: PixelRect, _ roi: PixelRect, _ input: inout [Float]) -> [Float] {
        var output = [Float](repeating: .nan, count: rect.area * 4)
        var scratch = [Float](repeating: .nan, count: kernel.scratchFloats(width: rect.width, height: rect.height))
        input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    let tiles = [Tile(base: source.baseAddress!, rect: roi, stride: roi.width)]
                    tiles.withUnsafeBufferPointer { inputs in
                        kernel.render(into: Tile(base: target.baseAddress!, rect: rect, stride: rect.width), inputs: inputs, scratch: scratch.baseAddress!)
                    }
                }
            }
        }
        return output
    }

    @Test(arguments: [1.0, 2.5, 10.0])
    func theOpaqueModeComputesTheFourLanePassesBits(sigma: Double) {
        let weights = SeparableConvolution.gaussianWeights(sigma: sigma)
        let kernel = SeparableConvolution(name: "gaussian", signature: "σ", horizontal: weights, vertical: weights)
        var seed: UInt64 = 1
        for (width, height) in [(1, 1), (3, 7), (16, 4), (17, 5), (31, 18), (32, 16), (33, 19), (64, 21), (100, 3), (256, 64), (301, 37)] {
            let rect = PixelRect(x: -5, y: 11, width: width, height: height)
            let (fourLane, opaque) = Self.outputs(kernel, rect, seed: seed)
            seed += 1
            #expect(fourLane.elementsEqual(opaque) { $0.bitPattern == $1.bitPattern }, "σ \(sigma), \(width) × \(height)")
            #expect(stride(from: 3, to: opaque.count, by: 4).allSatisfy { opaque[$0] == 1 }, "σ \(sigma), \(width) × \(height): alpha")
        }
    }

    /// The kernel the fusion pass runs for `image`'s blur node.
    static func scheduledBlur(_ image: CIImage) throws -> SeparableConvolution? {
        let rect = PixelRect(x: 0, y: 0, width: 64, height: 64)
        var placeholder: UInt8 = 0
        let destination = Destination(base: &placeholder, bytesPerRow: 256, format: .rgba8, bounds: rect, bottomUp: false)
        let schedule = try Schedule(image: image.image, rect: rect, destination: destination, settings: RenderSettings())
        return schedule.stages.lazy.compactMap { ($0 as? AreaStage)?.kernel as? SeparableConvolution }.first
    }

    @Test func onlyBlursOfInputsOpaqueEverywhereTheyReadTakeTheOpaqueMode() throws {
        let opaque = BlurWeightsTests.opaqueSource
        let clamped = opaque.clampedToExtent().applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: 10.0])
        #expect(try Self.scheduledBlur(clamped)?.opaqueInput == true)
        // Unclamped, the blur reads the clear pixels around the image; a translucent image is not opaque either.
        let unclamped = opaque.applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: 10.0])
        #expect(try Self.scheduledBlur(unclamped)?.opaqueInput == false)
        let translucent = opaque.applyingFilter("CIColorMatrix", parameters: ["inputAVector": CIVector(x: 0, y: 0, z: 0, w: 0.5)])
            .clampedToExtent().applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: 10.0])
        #expect(try Self.scheduledBlur(translucent)?.opaqueInput == false)
    }
}
