import Foundation

extension Renderer {
    /// Renders `image` over `rect` strip by strip, top to bottom, writing finished strips back over the image's own
    /// decoded file once no later strip reads those rows; returns that bitmap, or `nil` (nothing rendered) when the
    /// render does not qualify.
    ///
    /// Qualifies: one file decoded for this render (a `LazySource`) is the only pixel source, it covers exactly
    /// `rect` in `format` with the same row layout, no whole intermediate is needed, and the context does not keep
    /// intermediates. Each strip is rendered (tiled, on every thread) into one strip buffer; its rows that no later
    /// strip reads are copied over the source at once, the others (the next strips' neighbourhood reach: a blur's
    /// radius) wait in a small buffer until no strip left reads them. A blur of a 24 MP export then needs one strip
    /// and a few rows instead of a second full-size buffer (and the page faults that come with it).
    package static func renderStreamingOverSource(_ image: Image, rect: PixelRect, format: PixelFormat, settings: RenderSettings) throws
        -> (bitmap: Bitmap, statistics: RenderStatistics)? {
        guard !settings.cacheIntermediates, !rect.isEmpty, !rect.isInfinite else { return nil }
        var placeholder: UInt8 = 0
        let bytesPerRow = rect.width * format.bytesPerPixel
        let probe = Destination(base: &placeholder, bytesPerRow: bytesPerRow, format: format, bounds: rect, bottomUp: false)
        // Strips are as high as the configured tiles, and their tiles keep the configured shape.
        var settings = settings
        settings.shapesTiles = false
        let schedule = try Schedule(image: image, rect: rect, destination: probe, settings: settings)
        guard schedule.phases.isEmpty, schedule.bitmapLeaves.count == 1, let leaf = schedule.bitmapLeaves.first,
              schedule.lazySources.contains(where: { $0.decoded === leaf.bitmap }), leaf.rect == rect,
              leaf.bitmap.format == format, !leaf.bitmap.bottomUp, leaf.bitmap.bytesPerRow == bytesPerRow,
              case .data = leaf.bitmap.storage, let source = sourceNode(of: leaf.bitmap, in: schedule.optimized) else { return nil }
        var statistics = RenderStatistics()
        statistics.tileWidth = settings.tileWidth
        statistics.tileHeight = settings.tileHeight
        statistics.threads = max(1, min(settings.threads, WorkerPool.shared.threadCount))
        let workers = try workerContexts(for: schedule, count: statistics.threads)
        let stripHeight = max(settings.tileHeight, 1)
        // The strips, top to bottom, and the source rows each reads; `stillRead[i]` is the top (exclusive) of the
        // source rows strips i… read: a finished row at or above it can go back over the source.
        var strips: [PixelRect] = []
        var y1 = rect.maxY
        while y1 > rect.y {
            let y0 = max(rect.y, y1 - stripHeight)
            strips.append(PixelRect(x: rect.x, y: y0, width: rect.width, height: y1 - y0))
            y1 = y0
        }
        var stillRead = [Int](repeating: Int.min, count: strips.count + 1)
        for i in strips.indices.reversed() {
            let reads = RegionOfInterestQuery.region(of: source, in: schedule.optimized, for: strips[i]) ?? strips[i]
            stillRead[i] = max(stillRead[i + 1], reads.isEmpty ? Int.min : reads.maxY)
        }
        let buffer = PixelBuffer(byteCount: stripHeight * bytesPerRow)
        var held: [(rows: PixelRect, buffer: PixelBuffer)] = []
        var spare: [PixelBuffer] = []
        try leaf.bitmap.withBytes { base in
            leaf.base = base
            let target = UnsafeMutableRawPointer(mutating: base)
            /// Copies rows [y, maxY) over the source from `pixels`, whose first (top) row is row `top`.
            func write(_ rows: PixelRect, from pixels: UnsafeRawPointer, top: Int) {
                guard !rows.isEmpty else { return }
                (target + (rect.maxY - rows.maxY) * bytesPerRow).copyMemory(from: pixels + (top - rows.maxY) * bytesPerRow,
                                                                            byteCount: rows.height * bytesPerRow)
            }
            for (i, strip) in strips.enumerated() {
                // Held rows that no strip from here on reads go back now.
                for entry in held where entry.rows.y >= stillRead[i] {
                    write(entry.rows, from: entry.buffer.pointer, top: entry.rows.maxY)
                    spare.append(entry.buffer)
                }
                held.removeAll { $0.rows.y >= stillRead[i] }
                var destination = schedule.destination
                destination.base = buffer.pointer
                destination.bounds = strip
                let root = schedule.root
                try forEachTile(of: strip, settings: settings, workers: workers) { tile, worker in
                    root.run(tile, into: destination, worker)
                }
                // Rows no later strip reads go back at once; the rest (the reach of the next strips' neighbourhoods)
                // wait in a small buffer, so that one strip buffer serves every strip.
                let split = min(strip.maxY, max(strip.y, stillRead[i + 1]))
                write(PixelRect(x: rect.x, y: split, width: rect.width, height: strip.maxY - split), from: buffer.pointer, top: strip.maxY)
                if split > strip.y {
                    let rows = PixelRect(x: rect.x, y: strip.y, width: rect.width, height: split - strip.y)
                    let bytes = rows.height * bytesPerRow
                    let keep = spare.firstIndex { $0.byteCount >= bytes }.map { spare.remove(at: $0) } ?? PixelBuffer(byteCount: bytes)
                    keep.pointer.copyMemory(from: buffer.pointer + (strip.maxY - rows.maxY) * bytesPerRow, byteCount: bytes)
                    held.append((rows, keep))
                }
            }
            for entry in held { write(entry.rows, from: entry.buffer.pointer, top: entry.rows.maxY) }
        }
        // The decoded file now holds the output: forget it (a later render decodes again). When the render does
        // not qualify nothing is released, so the caller's fallback render reuses the decoded pixels.
        schedule.lazySources.forEach { $0.release() }
        for worker in workers {
            statistics.merge(worker.statistics)
            statistics.arenaOverflows += worker.arena.overflowCount
        }
        count(schedule, into: &statistics)
        statistics.renderedInPlace = true
        if let request = settings.printTree { TreePrinter.print(schedule, request: request, settings: settings) }
        statistics.programDescription = TreePrinter.programGraph(schedule) + "\n(streamed in strips back over the decoded source)"
        return (leaf.bitmap, statistics)
    }

    /// The graph node holding `bitmap`.
    static func sourceNode(of bitmap: Bitmap, in root: Image) -> Image? {
        if case .bitmap(let b, _) = root.node, b === bitmap { return root }
        for input in root.inputs { if let found = sourceNode(of: bitmap, in: input) { return found } }
        return nil
    }
}
