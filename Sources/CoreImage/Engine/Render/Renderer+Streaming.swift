import Foundation

extension Renderer {
    /// Renders `image` over `rect` strip by strip, top to bottom, writing finished strips back over the image's own
    /// decoded file once no later strip reads those rows; returns that bitmap, or `nil` (nothing rendered) when the
    /// render does not qualify.
    ///
    /// Qualifies: one file decoded for this render (a `LazySource`) is the only pixel source, it covers exactly
    /// `rect` in `format` with the same row layout, no whole intermediate is needed, and the context does not keep
    /// intermediates. Each strip is rendered (tiled, on every thread) into one of a few strip buffers; a strip is
    /// copied over the source once the next strip's region of interest lies entirely below it. A blur of a 24 MP
    /// export then needs two strips instead of a second full-size buffer (and the page faults that come with it).
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
        var spare: [PixelBuffer] = []
        var pending: [(rows: PixelRect, buffer: PixelBuffer)] = []
        try leaf.bitmap.withBytes { base in
            leaf.base = base
            let target = UnsafeMutableRawPointer(mutating: base)
            /// Copies a finished strip over the source rows it covers.
            func flush(_ strip: (rows: PixelRect, buffer: PixelBuffer)) {
                let top = rect.maxY - strip.rows.maxY
                (target + top * bytesPerRow).copyMemory(from: strip.buffer.pointer, byteCount: strip.rows.height * bytesPerRow)
                spare.append(strip.buffer)
            }
            var y1 = rect.maxY
            while y1 > rect.y {
                let strip = PixelRect(x: rect.x, y: max(rect.y, y1 - stripHeight), width: rect.width, height: y1 - max(rect.y, y1 - stripHeight))
                // Source rows this strip reads: every pending strip wholly above them can go back now.
                let reads = RegionOfInterestQuery.region(of: source, in: schedule.optimized, for: strip) ?? strip
                while let oldest = pending.first, oldest.rows.y >= reads.maxY { flush(pending.removeFirst()) }
                let buffer = spare.popLast() ?? PixelBuffer(byteCount: stripHeight * bytesPerRow)
                var destination = schedule.destination
                destination.base = buffer.pointer
                destination.bounds = strip
                let root = schedule.root
                try forEachTile(of: strip, settings: settings, workers: workers) { tile, worker in
                    root.run(tile, into: destination, worker)
                }
                pending.append((strip, buffer))
                y1 = strip.y
            }
            for strip in pending { flush(strip) }
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
