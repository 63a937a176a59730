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

    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect {
        PixelRect(covering: kernel.roi(forInput: Int32(input), arguments: arguments, outputRect: rect.cgRect))
    }

    func process(inputs: [ProcessorBuffer], output: ProcessorBuffer) throws {
        let views: [CIImageProcessorInput] = inputs.map { ProcessorInputView(buffer: $0) }
        try kernel.process(with: views, arguments: arguments, output: ProcessorOutputView(buffer: output))
    }
}

struct ProcessorInputView: CIImageProcessorInput {
    let buffer: ProcessorBuffer
    var region: CGRect { buffer.region.isEmpty ? .zero : buffer.region.cgRect }
    var bytesPerRow: Int { buffer.bytesPerRow }
    var format: CIFormat { CIFormat(buffer.format) ?? CIFormat(rawValue: 0) }
    var baseAddress: UnsafeRawPointer { UnsafeRawPointer(buffer.base) }
    var digest: UInt64 { buffer.digest }
    var roiTileIndex: Int { 0 }
    var roiTileCount: Int { 1 }
}

struct ProcessorOutputView: CIImageProcessorOutput {
    let buffer: ProcessorBuffer
    var region: CGRect { buffer.region.cgRect }
    var bytesPerRow: Int { buffer.bytesPerRow }
    var format: CIFormat { CIFormat(buffer.format) ?? CIFormat(rawValue: 0) }
    var baseAddress: UnsafeMutableRawPointer { buffer.base }
    var digest: UInt64 { buffer.digest }
}
