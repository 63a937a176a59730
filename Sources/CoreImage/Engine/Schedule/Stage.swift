import Foundation

/// What one worker carries from tile to tile: its scratch arena and its share of the statistics.
package final class WorkerContext {
    package let arena: Arena
    package var statistics = RenderStatistics()
    /// Tiles of shared stages this worker rendered for the program it is running (valid until that program's
    /// tile is done): another reader of the same stage in that tile copies what they cover.
    var rendered: [(stage: ObjectIdentifier, tile: Tile)] = []
    package init(arenaFloats: Int) { arena = Arena(floats: arenaFloats) }
}

/// One executable piece of a compiled render (a node of the program graph): it fills any rectangle of
/// working pixels on request. Stages are built per render by the schedule's passes and are read-only while
/// tiles render on several threads (materialized stages are filled in an earlier, separate phase).
package class Stage: @unchecked Sendable {
    /// Where the stage's pixels are defined; outside they are clear.
    package let extent: PixelRect
    /// Stages this one reads.
    package var children: [Stage] { [] }
    /// The union of everything the render needs from this stage (set by the region-of-interest pass).
    package var region = PixelRect.empty
    /// Number for tree printing.
    package var number = 0
    /// Whether more than one stage or program reads this one (set by fusion): a tile of it a program rendered is
    /// then reused by the program's other readers (a sharpen reading an image and its blur).
    package var isShared = false

    package init(extent: PixelRect) { self.extent = extent }

    /// One line describing the stage for `CI_PRINT_TREE`.
    package var label: String { "stage" }

    /// Scratch floats needed to render a `width` × `height` rectangle (excluding the output tile).
    package func scratchFloats(width: Int, height: Int) -> Int { 0 }

    /// The floats of `width` × `height` RGBA pixels, saturating at 2⁵⁰ (4 PiB) instead of overflowing: a
    /// region of interest grown out of proportion (a filter parameter far beyond the image) then asks for
    /// more memory than any machine has, which the renderer refuses with an error (``RenderTooLarge``).
    package static func pixelFloats(_ width: Int, _ height: Int) -> Int {
        let cap = 1 << 50
        guard width > 0, height > 0 else { return 0 }
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow || area > cap / 4 ? cap : area * 4
    }

    /// Fills all of `tile.rect`: clear outside `extent`, computed inside.
    package final func render(into tile: Tile, _ worker: WorkerContext) {
        let inside = tile.rect.intersection(extent)
        if inside != tile.rect { tile.clear() }
        guard !inside.isEmpty else { return }
        let target = Tile(base: tile.pointer(inside.x, inside.y), rect: inside, stride: tile.stride)
        if isShared, let done = worker.rendered.last(where: { $0.stage == ObjectIdentifier(self) })?.tile {
            reuse(done, into: target, worker)
        } else {
            renderInside(target, worker)
        }
    }

    /// Fills `target` from a tile of this stage already rendered where they overlap, and renders the rest (at most
    /// four strips around it). Every pixel is the same whatever rectangle it is rendered in, so this equals
    /// rendering `target` whole.
    private func reuse(_ done: Tile, into target: Tile, _ worker: WorkerContext) {
        let overlap = done.rect.intersection(target.rect)
        guard !overlap.isEmpty else { renderInside(target, worker); return }
        for y in overlap.y..<overlap.maxY {
            target.pointer(overlap.x, y).update(from: done.pointer(overlap.x, y), count: overlap.width * 4)
        }
        let r = target.rect
        let strips = [PixelRect(x: r.x, y: r.y, width: r.width, height: overlap.y - r.y),
                      PixelRect(x: r.x, y: overlap.maxY, width: r.width, height: r.maxY - overlap.maxY),
                      PixelRect(x: r.x, y: overlap.y, width: overlap.x - r.x, height: overlap.height),
                      PixelRect(x: overlap.maxX, y: overlap.y, width: r.maxX - overlap.maxX, height: overlap.height)]
        for strip in strips where strip.width > 0 && strip.height > 0 {
            renderInside(Tile(base: target.pointer(strip.x, strip.y), rect: strip, stride: target.stride), worker)
        }
    }

    /// Computes `tile.rect`, which lies inside `extent`.
    package func renderInside(_ tile: Tile, _ worker: WorkerContext) {}
}

/// Pixels in memory read by programs: a source bitmap or a materialized intermediate, positioned at `origin`,
/// optionally clamped (coordinates outside `clamp` read the nearest pixel inside it).
package final class BitmapLeaf: @unchecked Sendable {
    package let bitmap: Bitmap
    /// The y-up rectangle the bitmap covers.
    package let rect: PixelRect
    package let clamp: PixelRect?
    /// The bytes, pinned for the duration of the render (set by the renderer before tiles run).
    package var base: UnsafeRawPointer?
    /// 4 × 256 decode tables for 8-bit loads (v / 255, or a fused tone curve).
    package var decode8: [Float]

    package init(bitmap: Bitmap, rect: PixelRect, clamp: PixelRect?) {
        (self.bitmap, self.rect, self.clamp) = (bitmap, rect, clamp)
        // Engine-owned buffers have stable addresses; `Data`-backed bitmaps are pinned by the renderer.
        if case .buffer(let buffer) = bitmap.storage { base = UnsafeRawPointer(buffer.pointer) }
        let linear = (0..<256).map { Float($0) / 255 }
        decode8 = linear + linear + linear + linear
    }

    /// Where this leaf's pixels are defined.
    package var extent: PixelRect { clamp.map { _ in .infinite } ?? rect }

    /// The stored rectangle actually read to produce `rect` (for statistics and ROI).
    package func sourceRect(for wanted: PixelRect) -> PixelRect {
        guard let clamp else { return wanted.intersection(rect) }
        let c = clamp.intersection(rect)
        guard !c.isEmpty else { return .empty }
        let x0 = min(max(wanted.x, c.x), c.maxX - 1), x1 = min(max(wanted.maxX - 1, c.x), c.maxX - 1)
        let y0 = min(max(wanted.y, c.y), c.maxY - 1), y1 = min(max(wanted.maxY - 1, c.y), c.maxY - 1)
        return PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }
}

/// Where the root program writes: stored pixels in some format (a caller's bitmap, a `CGImage`'s bytes, an
/// intermediate buffer), covering `bounds` (y-up), rows top-down unless `bottomUp`.
package struct Destination: @unchecked Sendable {
    package var base: UnsafeMutableRawPointer
    package var bytesPerRow: Int
    package var format: PixelFormat
    package var bounds: PixelRect
    package var bottomUp: Bool
    /// The encode curve fused into 8-bit stores (set by the fusion pass; stored through its 65536-entry
    /// `encode8` table), else `nil`.
    package var encodeCurve: ToneCurve? = nil
    /// Whether the fusion pass moved unpremultiply → encode → premultiply into the store: pixels that are not
    /// opaque then go through `encodeCurve` on unpremultiplied values.
    package var encodesPremultiplied = false
    /// Whether the program may run as the fused 8-bit pass (`RenderSettings.fusesEightBitPasses`).
    package var fusesEightBitPasses = true

    package init(base: UnsafeMutableRawPointer, bytesPerRow: Int, format: PixelFormat, bounds: PixelRect, bottomUp: Bool) {
        (self.base, self.bytesPerRow, self.format, self.bounds, self.bottomUp) = (base, bytesPerRow, format, bounds, bottomUp)
    }

    /// The first byte of pixel (`x`, `y`).
    @inline(__always)
    package func pointer(_ x: Int, _ y: Int) -> UnsafeMutableRawPointer {
        let row = bottomUp ? y - bounds.y : bounds.maxY - 1 - y
        return base + row * bytesPerRow + (x - bounds.x) * format.bytesPerPixel
    }
}
