import Foundation

/// A whole-buffer view handed to an ``ImageProcessor``: `region` in y-up coordinates, rows stored bottom-up
/// (memory row 0 is `region.minY`), `bytesPerRow` apart, in `format`.
package struct ProcessorBuffer {
    package var region: PixelRect
    package var bytesPerRow: Int
    package var format: PixelFormat
    package var base: UnsafeMutableRawPointer
    package var digest: UInt64
}

/// A CPU processor node (the engine side of `CIImageProcessorKernel`): it needs each input as one buffer over
/// its region of interest and writes its whole output region, so it always has its own intermediates and
/// never fuses. Implementations must be thread-safe (the renderer may call `process` from a worker thread).
package protocol ImageProcessor: Sendable {
    var name: String { get }
    /// Text that changes whenever the arguments change (Core Image caches processor outputs by digest).
    var argumentDigest: String { get }
    /// The output format, `nil` for the working format.
    var outputFormat: PixelFormat? { get }
    /// The format of input `index`, `nil` for the working format.
    func inputFormat(_ index: Int) -> PixelFormat?
    /// The region of input `input` needed to compute `rect`.
    func regionOfInterest(input: Int, for rect: PixelRect) -> PixelRect
    /// Computes `output.region` from the inputs.
    func process(inputs: [ProcessorBuffer], output: ProcessorBuffer) throws
}
