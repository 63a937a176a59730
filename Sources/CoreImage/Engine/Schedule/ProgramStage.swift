import Foundation

/// A fused pass: per-pixel kernels concatenated into one program that runs over a tile span by span
/// (256 pixels, a few kilobytes per register, so every step stays in L1) with no buffer between kernels.
/// Leaves are bitmaps (read directly) or other stages (rendered for the tile first, into arena scratch).
package final class ProgramStage: Stage, @unchecked Sendable {
    package enum Leaf {
        case bitmap(BitmapLeaf)
        case stage(Stage)
    }

    package enum Instruction {
        case load(leaf: Int, register: Int)
        case generate(any PixelKernel, register: Int)
        case operation(PixelOperation, register: Int)
        case kernel(any PixelKernel, register: Int, inputs: [Int])
        case copy(from: Int, to: Int)
        /// Zero the register outside the rectangle (a crop, or a node's extent).
        case crop(PixelRect, register: Int)
    }

    /// Pixels computed per step.
    package static let spanWidth = 256

    package let leaves: [Leaf]
    package var instructions: [Instruction]
    package let registerCount: Int
    package let output: Int

    package init(extent: PixelRect, leaves: [Leaf], instructions: [Instruction], registerCount: Int, output: Int) {
        (self.leaves, self.instructions, self.registerCount, self.output) = (leaves, instructions, registerCount, output)
        super.init(extent: extent)
    }

    /// Names of the kernels and operations the program runs (after every rewrite), for printing and statistics.
    package var kernelNames: [String] {
        instructions.compactMap { instruction -> String? in
            switch instruction {
            case .kernel(let k, _, _), .generate(let k, _): k.name
            case .operation(let o, _): o.description
            default: nil
            }
        }
    }

    package override var children: [Stage] {
        leaves.compactMap { if case .stage(let stage) = $0 { stage } else { nil } }
    }

    package override var label: String {
        let reads = leaves.map { leaf -> String in
            switch leaf {
            case .bitmap(let b): "\(b.bitmap.format)\(b.clamp == nil ? "" : " clamped")"
            case .stage(let s): "#\(s.number)"
            }
        }
        return "program(\(kernelNames.isEmpty ? "copy" : kernelNames.joined(separator: " + "))) reads [\(reads.joined(separator: ", "))]"
    }

    package override func scratchFloats(width: Int, height: Int) -> Int {
        var total = registerCount * Self.spanWidth * 4 + 64
        for case .stage(let child) in leaves {
            total += width * height * 4 + 16 + child.scratchFloats(width: width, height: height)
        }
        return total
    }

    package override func renderInside(_ tile: Tile, _ worker: WorkerContext) {
        execute(tile.rect, worker, sink: .tile(tile))
    }

    /// Runs the program over `rect` into a destination (the root of a render).
    package func run(_ rect: PixelRect, into destination: Destination, _ worker: WorkerContext) {
        let inside = rect.intersection(extent)
        if inside != rect { clearDestination(rect, destination) }
        guard !inside.isEmpty else { return }
        execute(inside, worker, sink: .destination(destination))
    }

    enum Sink {
        case tile(Tile)
        case destination(Destination)
    }

    private func clearDestination(_ rect: PixelRect, _ destination: Destination) {
        let bytes = rect.width * destination.format.bytesPerPixel
        for y in rect.y..<rect.maxY { destination.pointer(rect.x, y).initializeMemory(as: UInt8.self, repeating: 0, count: bytes) }
    }
}
