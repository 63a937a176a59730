internal import CPixelKernels
import Foundation

/// Morphology of an 8-bit RGBA-layout bitmap that a stage only loads, on its bytes (`pk_ci_morphology8`), the
/// extrema then decoded through the bitmap's own tables: with every table non-decreasing, the extremum of the
/// decoded values is the decoded extremum, so the floats are the general path's exactly.
extension Morphology: StoredByteAreaKernel {
    package func canRender(_ rect: PixelRect, from source: StoredByteSource) -> Bool {
        let format = source.leaf.bitmap.format
        guard format.componentCount == 4, format.component == .uint8, source.decodesMonotonically else { return false }
        // Beyond the bitmap the input is clear: zero bytes must load as clear pixels there.
        return source.stored.contains(regionOfInterest(input: 0, for: rect)) || source.zeroBytesLoadClear
    }

    package func render(into output: Tile, from source: StoredByteSource, worker: WorkerContext) {
        let rect = output.rect, width = rect.width
        let roi = regionOfInterest(input: 0, for: rect)
        let arena = worker.arena, mark = arena.mark
        defer { arena.rewind(to: mark) }
        // The bitmap's rows where they cover the region, else a copy padded with clear pixels.
        var rows = (first: UnsafePointer<UInt8>(bitPattern: 1)!, step: 0)
        if source.stored.contains(roi) {
            rows = source.rows(of: roi)
        } else {
            let copy = UnsafeMutableRawPointer(arena.take(roi.area)).assumingMemoryBound(to: UInt8.self)
            source.copy(roi, into: copy)
            rows = (UnsafePointer(copy), roi.width * 4)
        }
        var map = source.leaf.bitmap.format.loadMap
        let halfWidths = halfWidths.map(Int32.init)
        let band = max(64, 4 * halfWidths.count)
        let scratchBytes = halfWidths.withUnsafeBufferPointer {
            pk_ci_morphology8_scratch(Int32(width), $0.baseAddress, Int32($0.count), Int32(maxHalfWidth))
        }
        let extrema = UnsafeMutableRawPointer(arena.take(width * band)).assumingMemoryBound(to: UInt8.self)
        let scratch = UnsafeMutableRawPointer(arena.take(scratchBytes / 4 + 1)).assumingMemoryBound(to: UInt8.self)
        let plan = UnsafeMutableRawPointer(arena.take(SpanLoader.preparedBytes / 4)).assumingMemoryBound(to: UInt8.self)
        withUnsafeBytes(of: &map) { m in
            source.leaf.decode8.withUnsafeBufferPointer { decode in
                let map = m.baseAddress!.assumingMemoryBound(to: Int8.self)
                let prepared = pk_ci_load_u8_prepare(4, map, decode.baseAddress, plan) != 0 ? UnsafePointer(plan) : nil
                halfWidths.withUnsafeBufferPointer { widths in
                    var y = rect.y
                    while y < rect.maxY {
                        if RenderStop.currentIsDue { return }
                        let count = min(band, rect.maxY - y)
                        pk_ci_morphology8(rows.first + (y - rect.y) * rows.step, rows.step, extrema, width * 4, Int32(width), Int32(count),
                                          widths.baseAddress, Int32(widths.count), Int32(maxHalfWidth), operation == .maximum ? 1 : 0, scratch)
                        for r in 0..<count {
                            pk_ci_load_u8_prepared(extrema + r * width * 4, 4, map, decode.baseAddress, prepared, output.pointer(rect.x, y + r), width)
                        }
                        y += count
                    }
                }
            }
        }
    }
}
