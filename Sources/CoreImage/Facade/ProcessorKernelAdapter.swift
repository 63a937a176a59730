import Foundation

/// The engine side of a `CIImageProcessorKernel` subclass: formats, ROI and `process` forwarded to the class.
/// The arguments dictionary is captured at `apply` time and only read, so sharing it between threads is safe.
struct ProcessorKernelAdapter: ImageProcessor, @unchecked Sendable {
    let kernel: CIImageProcessorKernel.Type
    let arguments: [String: Any]
    let inputFormats: [PixelFormat?]
    let output: PixelFormat?
    let argumentDigest: String

    init(kernel: CIImageProcessorKernel.Type, inputCount: Int, arguments: [String: Any]) throws {
        self.kernel = kernel
        self.arguments = arguments
        func format(_ f: CIFormat, _ what: String) throws -> PixelFormat? {
            if f.rawValue == 0 { return nil }
            guard let pixel = f.pixelFormat else {
                throw CIImageProcessorKernelError(description: "\(kernel): \(what) has format \(f.rawValue), which this port cannot provide")
            }
            return pixel
        }
        inputFormats = try (0..<inputCount).map { try format(kernel.formatForInput(at: Int32($0)), "input \($0)") }
        output = try format(kernel.outputFormat, "the output")
        argumentDigest = "\(kernel)|" + arguments.keys.sorted().map { "\($0)=\(arguments[$0]!)" }.joined(separator: ";")
    }

    var name: String { String(describing: kernel) }
    var outputFormat: PixelFormat? { output }
    func inputFormat(_ index: Int) -> PixelFormat? { index < inputFormats.count ? inputFormats[index] : nil }

    /// The union of the input's tiles (one tile, the kernel's `roi`, unless it overrides `roiTileArray`).
    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect {
        tiles(input: input, for: rect).reduce(PixelRect.empty) { $0.union($1) }
    }

    func tiles(input: Int, for rect: PixelRect) -> [PixelRect] {
        kernel.roiTileArray(forInput: Int32(input), arguments: arguments, outputRect: rect.cgRect).map { PixelRect(covering: $0.cgRectValue) }
    }

    /// One call of the kernel's `process`, or one per tile when it tiles its inputs: each input then shows the part
    /// of its rendered buffer its tile covers.
    func process(inputs: [ProcessorBuffer], output: ProcessorBuffer) throws {
        let outputView = ProcessorOutputView(buffer: output)
        let tilesPerInput = inputs.indices.map { tiles(input: $0, for: output.region) }
        let count = tilesPerInput.first?.count ?? 1
        guard tilesPerInput.allSatisfy({ $0.count == count }) else {
            throw CIImageProcessorKernelError(description: "\(kernel): roiTileArray gave \(tilesPerInput.map(\.count)) tiles for its inputs; every input must give the same number")
        }
        guard count > 1 else {
            try kernel.process(with: inputs.map { ProcessorInputView(buffer: $0) }, arguments: arguments, output: outputView)
            return
        }
        for index in 0..<count {
            let views: [CIImageProcessorInput] = zip(inputs, tilesPerInput).map { buffer, tiles in
                ProcessorInputView(buffer: Self.part(of: buffer, covering: tiles[index]), roiTileIndex: index, roiTileCount: count)
            }
            try kernel.process(with: views, arguments: arguments, output: outputView)
        }
    }

    /// The part of `buffer` inside `tile` (same rows, a later first pixel).
    static func part(of buffer: ProcessorBuffer, covering tile: PixelRect) -> ProcessorBuffer {
        let inside = tile.intersection(buffer.region)
        let offset = inside.isEmpty ? 0 : (inside.y - buffer.region.y) * buffer.bytesPerRow + (inside.x - buffer.region.x) * buffer.format.bytesPerPixel
        return ProcessorBuffer(region: inside, bytesPerRow: buffer.bytesPerRow, format: buffer.format, base: buffer.base + offset, digest: buffer.digest)
    }
}

struct ProcessorInputView: CIImageProcessorInput {
    let buffer: ProcessorBuffer
    var roiTileIndex = 0
    var roiTileCount = 1
    var region: CGRect { buffer.region.isEmpty ? .zero : buffer.region.cgRect }
    var bytesPerRow: Int { buffer.bytesPerRow }
    var format: CIFormat { CIFormat(buffer.format) ?? CIFormat(rawValue: 0) }
    var baseAddress: UnsafeRawPointer { UnsafeRawPointer(buffer.base) }
    var digest: UInt64 { buffer.digest }
}

struct ProcessorOutputView: CIImageProcessorOutput {
    let buffer: ProcessorBuffer
    var region: CGRect { buffer.region.cgRect }
    var bytesPerRow: Int { buffer.bytesPerRow }
    var format: CIFormat { CIFormat(buffer.format) ?? CIFormat(rawValue: 0) }
    var baseAddress: UnsafeMutableRawPointer { buffer.base }
    var digest: UInt64 { buffer.digest }
}
