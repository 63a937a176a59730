import Foundation

/// A neighbourhood kernel over a tile: each input is rendered over the kernel's region of interest for the
/// tile (into arena scratch), then the kernel computes the tile. The region is computed backwards from the
/// requested rectangle, so a blur of a crop reads only the rows and columns it needs.
package final class AreaStage: Stage, @unchecked Sendable {
    package let kernel: any AreaKernel
    package let inputs: [Stage]
    /// Whether a kernel that can (`StoredByteAreaKernel`) reads an 8-bit bitmap's bytes directly when its input
    /// only loads one (`RenderSettings.computesOnStoredValues`).
    package var readsStoredBytes = false

    package init(kernel: any AreaKernel, inputs: [Stage], extent: PixelRect) {
        (self.kernel, self.inputs) = (kernel, inputs)
        super.init(extent: extent)
    }

    package override var children: [Stage] { inputs }
    package override var label: String { "\(kernel.name)(\(kernel.signature))" }

    package override func scratchFloats(width: Int, height: Int) -> Int {
        if let banded = kernel as? any BandedAreaKernel {
            let roi = kernel.regionOfInterest(input: 0, for: PixelRect(x: 0, y: 0, width: width, height: height))
            let band = PixelRect(x: 0, y: 0, width: roi.width, height: banded.bandHeight)
            return kernel.scratchFloats(width: width, height: height) + Stage.pixelFloats(band.width, band.height) + 128
                + inputs[0].scratchFloats(width: band.width, height: band.height)
        }
        var total = kernel.scratchFloats(width: width, height: height) + 64
        for (index, input) in inputs.enumerated() {
            let roi = inputRegion(index, for: PixelRect(x: 0, y: 0, width: width, height: height), sized: true)
            // Warps may need a slightly larger region at other positions (rounding): leave a margin.
            let w = roi.width + 4, h = roi.height + 4
            total += Stage.pixelFloats(w, h) + 16 + input.scratchFloats(width: w, height: h)
        }
        return total
    }

    /// The part of input `index` the kernel needs for `rect`: its region of interest, cut to the input's extent
    /// when the kernel samples with bounds checks. For sizing scratch memory (`sized`), where `rect` stands for
    /// any tile of its size, a region larger than the input is cut to the input's size instead.
    func inputRegion(_ index: Int, for rect: PixelRect, sized: Bool) -> PixelRect {
        let roi = kernel.regionOfInterest(input: index, for: rect)
        guard kernel.samplesInputsWithBoundsChecks else { return roi }
        let extent = inputs[index].extent
        if !sized { return roi.intersection(extent) }
        return PixelRect(x: 0, y: 0, width: min(roi.width, extent.width), height: min(roi.height, extent.height))
    }

    package override func renderInside(_ tile: Tile, _ worker: WorkerContext) {
        let arena = worker.arena
        let mark = arena.mark
        defer { arena.rewind(to: mark) }
        if readsStoredBytes, let stored = kernel as? any StoredByteAreaKernel,
           let source = StoredByteSource(inputs[0], covering: kernel.regionOfInterest(input: 0, for: tile.rect), clearOutside: true),
           stored.canRender(tile.rect, from: source) {
            stored.render(into: tile, from: source, worker: worker)
            worker.statistics.storedByteTiles += 1
            return
        }
        if let banded = kernel as? any BandedAreaKernel {
            let roi = kernel.regionOfInterest(input: 0, for: tile.rect)
            let bandMemory = arena.take(roi.width * banded.bandHeight * 4)
            let scratch = arena.take(kernel.scratchFloats(width: tile.rect.width, height: tile.rect.height))
            let input = inputs[0]
            banded.render(into: tile, bands: { rect in
                let band = Tile(base: bandMemory, rect: rect, stride: rect.width)
                input.render(into: band, worker)
                return band
            }, scratch: scratch)
            return
        }
        withUnsafeTemporaryAllocation(of: Tile.self, capacity: max(inputs.count, 1)) { tiles in
            for (index, input) in inputs.enumerated() {
                let roi = inputRegion(index, for: tile.rect, sized: false)
                let inputTile = Tile(base: arena.take(max(roi.area, 1) * 4), rect: roi, stride: max(roi.width, 1))
                if !roi.isEmpty { input.render(into: inputTile, worker) }
                tiles.initializeElement(at: index, to: inputTile)
            }
            let scratch = arena.take(kernel.scratchFloats(width: tile.rect.width, height: tile.rect.height))
            kernel.render(into: tile, inputs: UnsafeBufferPointer(rebasing: tiles[0..<inputs.count]), scratch: scratch)
        }
    }
}

/// Repeats the edge pixels of its input's `clamp` rectangle outward (`clampedToExtent`, `clamped(to:)`).
package final class ClampStage: Stage, @unchecked Sendable {
    package let input: Stage
    package let clamp: PixelRect

    package init(input: Stage, clamp: PixelRect) {
        (self.input, self.clamp) = (input, clamp)
        super.init(extent: .infinite)
    }

    package override var children: [Stage] { [input] }
    package override var label: String { "clamp \(clamp)" }

    /// The input pixels needed for `rect`.
    func sourceRect(for rect: PixelRect) -> PixelRect {
        let x0 = min(max(rect.x, clamp.x), clamp.maxX - 1), x1 = min(max(rect.maxX - 1, clamp.x), clamp.maxX - 1)
        let y0 = min(max(rect.y, clamp.y), clamp.maxY - 1), y1 = min(max(rect.maxY - 1, clamp.y), clamp.maxY - 1)
        return PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }

    package override func scratchFloats(width: Int, height: Int) -> Int {
        width * height * 4 + 64 + input.scratchFloats(width: width, height: height)
    }

    package override func renderInside(_ tile: Tile, _ worker: WorkerContext) {
        guard !clamp.isEmpty else { tile.clear(); return }
        // A tile inside the rectangle is the input's own pixels: rendered in place.
        if clamp.intersection(tile.rect) == tile.rect { input.render(into: tile, worker); return }
        let arena = worker.arena
        let mark = arena.mark
        defer { arena.rewind(to: mark) }
        let source = sourceRect(for: tile.rect)
        let sourceTile = Tile(base: arena.take(source.area * 4), rect: source, stride: source.width)
        input.render(into: sourceTile, worker)
        // Per row: the columns over the source copied at once, the edge pixels repeated either side.
        let left = min(max(source.x - tile.rect.x, 0), tile.rect.width)
        let right = max(min(source.maxX - tile.rect.x, tile.rect.width), left)
        for y in tile.rect.y..<tile.rect.maxY {
            let sy = min(max(y, source.y), source.maxY - 1)
            let out = tile.pointer(tile.rect.x, y)
            if right > left { (out + left * 4).update(from: sourceTile.pointer(tile.rect.x + left, sy), count: (right - left) * 4) }
            let first = sourceTile.pointer(source.x, sy), last = sourceTile.pointer(source.maxX - 1, sy)
            for i in 0..<left { (out + i * 4).update(from: first, count: 4) }
            for i in right..<tile.rect.width { (out + i * 4).update(from: last, count: 4) }
        }
    }
}
