import Foundation

extension Renderer {
    /// Renders `image` over `rect` into the memory of its own decoded source, when that is safe, and hands that
    /// bitmap back; `nil` (nothing rendered) otherwise.
    ///
    /// Safe means: the whole render is one per-pixel program (no neighbourhood stage, no intermediate) reading a
    /// single file decoded for this render (a `LazySource`), covering exactly `rect`, stored in `format` with the
    /// same row layout, for a context that does not keep intermediates. Each tile then reads and writes the same
    /// pixels, tiles never overlap, and the decoded file is forgotten afterwards (a later render decodes again).
    /// This halves the peak memory of one-shot exports such as `writeJPEGRepresentation` (no second full-size
    /// buffer), the libvips way of streaming through an image rather than holding two copies.
    package static func renderInPlace(_ image: Image, rect: PixelRect, format: PixelFormat, settings: RenderSettings) throws
        -> (bitmap: Bitmap, statistics: RenderStatistics)? {
        guard !settings.cacheIntermediates, !rect.isEmpty, !rect.isInfinite else { return nil }
        // A placeholder destination: the schedule only needs the format to decide on fused encoding.
        var placeholder: UInt8 = 0
        let probe = Destination(base: &placeholder, bytesPerRow: rect.width * format.bytesPerPixel, format: format, bounds: rect, bottomUp: false)
        let schedule = try Schedule(image: image, rect: rect, destination: probe, settings: settings)
        let settings = schedule.settings   // with the schedule's tile shape
        guard schedule.phases.isEmpty, schedule.root.leaves.count == 1, case .bitmap(let leaf)? = schedule.root.leaves.first,
              leaf.clamp == nil, leaf.rect == rect, schedule.root.extent.contains(rect),
              schedule.lazySources.contains(where: { $0.decoded === leaf.bitmap }),
              leaf.bitmap.format == format, !leaf.bitmap.bottomUp, leaf.bitmap.bytesPerRow == probe.bytesPerRow,
              case .data = leaf.bitmap.storage else { return nil }
        var statistics = RenderStatistics()
        statistics.tileWidth = settings.tileWidth
        statistics.tileHeight = settings.tileHeight
        statistics.threads = max(1, min(settings.threads, WorkerPool.shared.threadCount))
        let workers = try workerContexts(for: schedule, count: statistics.threads)
        try leaf.bitmap.withBytes { base in
            leaf.base = base
            var destination = schedule.destination
            destination.base = UnsafeMutableRawPointer(mutating: base)
            let root = schedule.root
            try forEachTile(of: rect, settings: settings, workers: workers) { tile, worker in
                root.run(tile, into: destination, worker)
            }
        }
        // The decoded file now holds the output: forget it (a later render decodes again). When the render does
        // not qualify nothing is released, so the caller's fallback render reuses the decoded pixels.
        schedule.lazySources.forEach { $0.release() }
        for worker in workers {
            statistics.merge(worker.statistics)
            statistics.arenaOverflows += worker.arena.overflowCount
        }
        statistics.passes = 1
        statistics.fusedKernels = schedule.root.kernelNames.count
        statistics.outputBuffers = 1
        statistics.renderedInPlace = true
        if let request = settings.printTree { TreePrinter.print(schedule, request: request, settings: settings) }
        statistics.programDescription = TreePrinter.programGraph(schedule) + "\n(rendered in place over the decoded source)"
        return (leaf.bitmap, statistics)
    }
}
