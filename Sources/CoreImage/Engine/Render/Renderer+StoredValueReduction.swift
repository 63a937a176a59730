import Foundation

/// A reduction that can count an 8-bit bitmap's stored bytes directly, with the result it would get from the
/// bitmap loaded into working pixels (`CIAreaHistogram`: its bins are a function of each stored value).
package protocol StoredByteReduction: ReductionKernel {
    /// Adds the pixels of `rect` (inside `area`) read from `source` into `partial`, exactly as `accumulate(_:into:)`
    /// adds them once loaded.
    func accumulate(_ source: StoredByteSource, rect: PixelRect, into partial: UnsafeMutablePointer<Double>)
}

/// The 8-bit bitmap a stage does nothing but load (through its leaf's decode tables, which carry any curve fused
/// into the load), when every pixel of `area` comes from the bitmap itself (not from a clamp's repeated edge).
package struct StoredByteSource {
    package let leaf: BitmapLeaf

    package init?(_ stage: Stage, covering area: PixelRect) {
        guard let program = stage as? ProgramStage, program.leaves.count == 1,
              case .bitmap(let leaf) = program.leaves[0] else { return nil }
        for instruction in program.instructions {
            switch instruction {
            case .load(leaf: 0, register: let r) where r == program.output: continue
            case .crop(let rect, register: let r) where r == program.output && rect.contains(area): continue
            default: return nil
            }
        }
        let stored = leaf.clamp.map { $0.intersection(leaf.rect) } ?? leaf.rect
        guard leaf.bitmap.format.component == .uint8, stored.contains(area), leaf.base != nil else { return nil }
        self.leaf = leaf
    }

    /// The first byte of `rect`'s bottom row and the byte step from one row up to the next.
    package func rows(of rect: PixelRect) -> (first: UnsafePointer<UInt8>, step: Int) {
        let bitmap = leaf.bitmap
        let x = (rect.x - leaf.rect.x) * bitmap.format.bytesPerPixel
        let first = leaf.base! + bitmap.rowOffset(rect.y - leaf.rect.y) + x
        let step = bitmap.rowOffset(rect.y + 1 - leaf.rect.y) - bitmap.rowOffset(rect.y - leaf.rect.y)
        return (first.assumingMemoryBound(to: UInt8.self), step)
    }
}
