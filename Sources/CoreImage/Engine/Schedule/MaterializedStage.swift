import Foundation

/// A whole intermediate buffer: its input is rendered once over `region` (the union of everything the render
/// needs from it) into the working format, before the stages that read it run. Used for processor kernels,
/// `insertingIntermediate()`, and neighbourhood kernels with a large reach; cached by digest when allowed.
package final class MaterializedStage: Stage, @unchecked Sendable {
    package let input: Stage
    package let format: PixelFormat
    /// The recipe digest (cache key together with region and format), or `nil` when not cacheable.
    package let cacheDigest: UInt64?
    /// The pixels, set by the renderer's materialization phase.
    package var leaf: BitmapLeaf?

    package init(input: Stage, format: PixelFormat, cacheDigest: UInt64?) {
        (self.input, self.format, self.cacheDigest) = (input, format, cacheDigest)
        super.init(extent: input.extent)
    }

    package override var children: [Stage] { [input] }
    package override var label: String { "intermediate \(format) \(region)" + (cacheDigest.map { " digest=\(String($0, radix: 16))" } ?? "") }

    package override func renderInside(_ tile: Tile, _ worker: WorkerContext) {
        guard let leaf else { tile.clear(); return }
        ProgramStage.load(leaf, into: tile)
    }
}

/// A `CIImageProcessorKernel` node: inputs materialized in the formats it asks for, one `process` call over
/// the whole output region, the output kept as a buffer that later stages read.
package final class ProcessorStage: Stage, @unchecked Sendable {
    package let processor: any ImageProcessor
    /// One materialized stage per input (in the processor's input format).
    package let inputs: [MaterializedStage]
    package let format: PixelFormat
    package let digest: UInt64
    package var leaf: BitmapLeaf?

    package init(processor: any ImageProcessor, inputs: [MaterializedStage], format: PixelFormat, extent: PixelRect, digest: UInt64) {
        (self.processor, self.inputs, self.format, self.digest) = (processor, inputs, format, digest)
        super.init(extent: extent)
    }

    package override var children: [Stage] { inputs }
    package override var label: String { "processor \(processor.name) → \(format) \(region) digest=\(String(digest, radix: 16))" }

    package override func renderInside(_ tile: Tile, _ worker: WorkerContext) {
        guard let leaf else { tile.clear(); return }
        ProgramStage.load(leaf, into: tile)
    }
}
