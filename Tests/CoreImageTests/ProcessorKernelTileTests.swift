import Foundation
import _Testing_CoreImage

/// A kernel that reads its input in four quadrant tiles (roiTileArray, iOS 17) and copies each tile into the
/// output, recording what it was called with.
final class QuadrantCopyProcessor: CIImageProcessorKernel {
    nonisolated(unsafe) static var seen: [(index: Int, count: Int, region: CGRect)] = []
    static let lock = NSLock()

    override class func formatForInput(at input: Int32) -> CIFormat { .RGBAf }
    override class var outputFormat: CIFormat { .RGBAf }

    override class func roiTileArray(forInput input: Int32, arguments: [String: Any]?, outputRect: CGRect) -> [CIVector] {
        let halfWidth = (outputRect.width / 2).rounded(.down), halfHeight = (outputRect.height / 2).rounded(.down)
        return [CGRect(x: outputRect.minX, y: outputRect.minY, width: halfWidth, height: halfHeight),
                CGRect(x: outputRect.minX + halfWidth, y: outputRect.minY, width: outputRect.width - halfWidth, height: halfHeight),
                CGRect(x: outputRect.minX, y: outputRect.minY + halfHeight, width: halfWidth, height: outputRect.height - halfHeight),
                CGRect(x: outputRect.minX + halfWidth, y: outputRect.minY + halfHeight, width: outputRect.width - halfWidth, height: outputRect.height - halfHeight)]
            .map { CIVector(cgRect: $0) }
    }

    override class func process(with inputs: [CIImageProcessorInput]?, arguments: [String: Any]?, output: CIImageProcessorOutput) throws {
        guard let input = inputs?.first else { return }
        lock.lock(); seen.append((input.roiTileIndex, input.roiTileCount, input.region)); lock.unlock()
        // Copy the tile's pixels to the same place in the output (16 bytes a pixel, rows bottom-up).
        let tile = input.region, out = output.region
        for row in 0..<Int(tile.height) {
            let source = input.baseAddress + row * input.bytesPerRow
            let y = Int(tile.minY - out.minY) + row, x = Int(tile.minX - out.minX)
            let target = output.baseAddress + y * output.bytesPerRow + x * 16
            target.copyMemory(from: source, byteCount: Int(tile.width) * 16)
        }
    }
}

/// A kernel that does not tile its input, recording the tile numbers it is given.
final class UntiledProcessor: CIImageProcessorKernel {
    nonisolated(unsafe) static var seen: [(Int, Int)] = []
    override class func process(with inputs: [CIImageProcessorInput]?, arguments: [String: Any]?, output: CIImageProcessorOutput) throws {
        if let input = inputs?.first { seen.append((input.roiTileIndex, input.roiTileCount)) }
    }
}

/// Two inputs that disagree on their number of tiles.
final class MismatchedTilesProcessor: CIImageProcessorKernel {
    override class func roiTileArray(forInput input: Int32, arguments: [String: Any]?, outputRect: CGRect) -> [CIVector] {
        Array(repeating: CIVector(cgRect: outputRect), count: input == 0 ? 2 : 3)
    }
}

@Suite(.serialized) struct ProcessorKernelTileTests {
    @Test func eachTileIsProcessedInTurnOnTheSameOutput() throws {
        QuadrantCopyProcessor.seen = []
        let image = TestImages.patternImage(width: 40, height: 30)
        let copied = try QuadrantCopyProcessor.apply(withExtent: image.extent, inputs: [image], arguments: nil)
        let context = CIContext(options: [.workingFormat: CIFormat.RGBAf, .cacheIntermediates: false])
        let out = Render.linearFloats(copied, image.extent, context: context)
        let expected = Render.linearFloats(image, image.extent, context: context)
        #expect(out == expected, "the four tiles put together are the input")
        let calls = QuadrantCopyProcessor.seen
        #expect(calls.map(\.index) == [0, 1, 2, 3] && calls.allSatisfy { $0.count == 4 })
        #expect(calls.map(\.region) == [CGRect(x: 0, y: 0, width: 20, height: 15), CGRect(x: 20, y: 0, width: 20, height: 15),
                                        CGRect(x: 0, y: 15, width: 20, height: 15), CGRect(x: 20, y: 15, width: 20, height: 15)])
    }

    @Test func aKernelWithoutTilesIsCalledOnceWithTileZeroOfOne() throws {
        UntiledProcessor.seen = []
        let image = TestImages.patternImage(width: 12, height: 8)
        let processed = try UntiledProcessor.apply(withExtent: image.extent, inputs: [image], arguments: nil)
        _ = Render.linearFloats(processed, image.extent, context: CIContext(options: [.cacheIntermediates: false]))
        #expect(UntiledProcessor.seen.count == 1 && UntiledProcessor.seen.first! == (0, 1))
        let tiles = IntegralImageProcessor.roiTileArray(forInput: 0, arguments: ["extent": image.extent], outputRect: CGRect(x: 4, y: 2, width: 3, height: 3))
        #expect(tiles.map(\.cgRectValue) == [CGRect(x: 0, y: 0, width: 7, height: 5)], "the default is the one roi")
    }

    @Test func inputsThatDisagreeOnTheirTileCountFailTheRender() throws {
        let a = TestImages.patternImage(width: 8, height: 8), b = TestImages.patternImage(width: 8, height: 8)
        let image = try MismatchedTilesProcessor.apply(withExtent: a.extent, inputs: [a, b], arguments: nil)
        #expect(CIContext(options: [.cacheIntermediates: false]).createCGImage(image, from: a.extent) == nil)
    }
}
