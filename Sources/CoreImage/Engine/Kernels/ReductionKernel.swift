import Foundation

/// A kernel that reduces a whole area of its input to a few pixels (`CIAreaAverage`, `CIAreaHistogram`).
/// The renderer splits the area into tiles, each worker accumulates a partial result in doubles, partials are
/// added, and `finish` writes the output pixels. Immutable, thread-safe.
package protocol ReductionKernel: Sendable {
    var name: String { get }
    var signature: String { get }
    /// The input area reduced.
    var area: PixelRect { get }
    /// The output pixels' rectangle.
    var outputExtent: PixelRect { get }
    /// Doubles in one partial accumulator.
    var partialCount: Int { get }
    /// Sets a fresh partial accumulator (every worker's, before any tile).
    func initialize(_ partial: UnsafeMutablePointer<Double>)
    /// Adds `tile` (part of `area`) into `partial`.
    func accumulate(_ tile: Tile, into partial: UnsafeMutablePointer<Double>)
    /// Folds another worker's partial accumulator into `partial`. Must not depend on which worker saw which
    /// tile beyond float rounding (sums), so results do not depend on tiling or thread count.
    func combine(_ other: UnsafePointer<Double>, into partial: UnsafeMutablePointer<Double>)
    /// Writes the output (premultiplied RGBA floats, row by row from the bottom) from the summed partial.
    func finish(_ partial: UnsafePointer<Double>, into output: UnsafeMutablePointer<Float>)
}

extension ReductionKernel {
    /// The input region needed (always the whole area).
    package func inputRegion(for rect: PixelRect) -> PixelRect { area }
    /// Zeros (sums and counts).
    package func initialize(_ partial: UnsafeMutablePointer<Double>) { partial.update(repeating: 0, count: partialCount) }
    /// Addition (sums and counts).
    package func combine(_ other: UnsafePointer<Double>, into partial: UnsafeMutablePointer<Double>) {
        for i in 0..<partialCount { partial[i] += other[i] }
    }
}

/// A reduction node: runs in its own phase, its few output pixels kept as a small float buffer.
package final class ReductionStage: Stage, @unchecked Sendable {
    package let kernel: any ReductionKernel
    package let input: Stage
    package var leaf: BitmapLeaf?

    package init(kernel: any ReductionKernel, input: Stage) {
        (self.kernel, self.input) = (kernel, input)
        super.init(extent: kernel.outputExtent)
    }

    package override var children: [Stage] { [input] }
    package override var label: String { "\(kernel.name)(\(kernel.signature)) over \(kernel.area)" }

    package override func renderInside(_ tile: Tile, _ worker: WorkerContext) {
        guard let leaf else { tile.clear(); return }
        ProgramStage.load(leaf, into: tile)
    }
}
