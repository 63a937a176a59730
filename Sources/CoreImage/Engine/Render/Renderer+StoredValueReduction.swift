import Foundation

/// A reduction that can count an 8-bit bitmap's stored bytes directly, with the result it would get from the
/// bitmap loaded into working pixels (`CIAreaHistogram`: its bins are a function of each stored value).
package protocol StoredByteReduction: ReductionKernel {
    /// Adds the pixels of `rect` (inside `area`) read from `source` into `partial`, exactly as `accumulate(_:into:)`
    /// adds them once loaded.
    func accumulate(_ source: StoredByteSource, rect: PixelRect, into partial: UnsafeMutablePointer<Double>)
}

/// An area kernel that can read an 8-bit bitmap's stored bytes directly, with the floats it would compute from the
/// bitmap loaded into working pixels (rank filters: the rank of stored values is the stored value of the rank when
/// the decoding is monotonic).
package protocol StoredByteAreaKernel: AreaKernel {
    /// Whether `render(into:source:worker:)` can compute `rect` from `source` (its layout, its tables).
    func canRender(_ rect: PixelRect, from source: StoredByteSource) -> Bool
    /// Computes `output` from `source`, which covers the region of interest of `output.rect`, exactly as
    /// `render(into:inputs:scratch:)` computes it from the loaded pixels.
    func render(into output: Tile, from source: StoredByteSource, worker: WorkerContext)
}

/// The 8-bit bitmap a stage does nothing but load (through its leaf's decode tables, which carry any curve fused
/// into the load), when every pixel of `area` comes from the bitmap itself (not from a clamp's repeated edge) or,
/// with `clearOutside`, when the leaf is not clamped (pixels beyond the bitmap then load clear).
package struct StoredByteSource {
    package let leaf: BitmapLeaf
    /// Where the bitmap's own pixels lie (y-up).
    package let stored: PixelRect

    package init?(_ stage: Stage, covering area: PixelRect, clearOutside: Bool = false) {
        guard let program = stage as? ProgramStage, program.leaves.count == 1,
              case .bitmap(let leaf) = program.leaves[0] else { return nil }
        let stored = leaf.clamp.map { $0.intersection(leaf.rect) } ?? leaf.rect
        let readsOutside = !stored.contains(area)
        guard leaf.bitmap.format.component == .uint8, leaf.base != nil, !readsOutside || (clearOutside && leaf.clamp == nil) else { return nil }
        for instruction in program.instructions {
            switch instruction {
            case .load(leaf: 0, register: let r) where r == program.output: continue
            // A crop that keeps every pixel read (beyond the bitmap they are clear anyway).
            case .crop(let rect, register: let r) where r == program.output && rect.contains(readsOutside ? stored : area): continue
            default: return nil
            }
        }
        (self.leaf, self.stored) = (leaf, stored)
    }

    /// Whether a stored value 0 in every channel loads as a clear pixel (0, 0, 0, 0), as pixels beyond the bitmap
    /// do: every channel stored (no padding byte loading as alpha 1) and every table starting at 0.
    package var zeroBytesLoadClear: Bool {
        var map = leaf.bitmap.format.loadMap
        let channels = withUnsafeBytes(of: &map) { Array($0.bindMemory(to: Int8.self)) }
        let table = leaf.decode8
        return (0..<4).allSatisfy { channels[$0] >= 0 && table[$0 * 256] == 0 }
    }

    /// Copies the four-byte pixels of `rect`, bottom row first, `rect.width` pixels a row, zero beyond the bitmap.
    package func copy(_ rect: PixelRect, into bytes: UnsafeMutablePointer<UInt8>) {
        let rowBytes = rect.width * 4
        let inside = rect.intersection(stored)
        for y in rect.y..<rect.maxY {
            let row = bytes + (y - rect.y) * rowBytes
            guard !inside.isEmpty, y >= inside.y, y < inside.maxY else { row.update(repeating: 0, count: rowBytes); continue }
            let left = (inside.x - rect.x) * 4, count = inside.width * 4
            row.update(repeating: 0, count: left)
            row.advanced(by: left).update(from: rows(of: PixelRect(x: inside.x, y: y, width: inside.width, height: 1)).first, count: count)
            row.advanced(by: left + count).update(repeating: 0, count: rowBytes - left - count)
        }
    }

    /// Whether each channel's decoding table never decreases (the loaded channels: the format's map), so that a
    /// maximum or minimum of stored values decodes to the maximum or minimum of the decoded values.
    package var decodesMonotonically: Bool {
        var map = leaf.bitmap.format.loadMap
        let channels = withUnsafeBytes(of: &map) { Array($0.bindMemory(to: Int8.self)) }
        let table = leaf.decode8
        for c in 0..<4 where channels[c] >= 0 {
            for b in 1..<256 where !(table[c * 256 + b - 1] <= table[c * 256 + b]) { return false }
        }
        return true
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
