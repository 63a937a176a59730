import Foundation

/// Executes compiled renders: whole-buffer phases first (intermediates, processors, reductions, inputs before
/// readers), then the root program over a grid of tiles on the worker pool.
///
/// Threading: a render runs on the calling thread plus up to `settings.threads - 1` pool threads. Everything a
/// render mutates (arenas, statistics, phase outputs) is its own, so independent renders may run concurrently.
package enum Renderer {
    /// Renders `image` over `rect` into `destination`, returning the renderer's statistics.
    package static func render(_ image: Image, rect: PixelRect, into destination: Destination, settings: RenderSettings,
                               cache: IntermediateCache?) throws -> RenderStatistics {
        if let statistics = try renderRankOnStoredValues(image, rect: rect, into: destination, settings: settings) { return statistics }
        let schedule = try Schedule(image: image, rect: rect, destination: destination, settings: settings)
        let settings = schedule.settings   // with the schedule's tile shape
        defer { if !settings.cacheIntermediates { schedule.lazySources.forEach { $0.release() } } }
        var statistics = RenderStatistics()
        statistics.tileWidth = settings.tileWidth
        statistics.tileHeight = settings.tileHeight
        statistics.threads = max(1, min(settings.threads, WorkerPool.shared.threadCount))
        let workers = try workerContexts(for: schedule, count: statistics.threads)

        try withPinnedBitmaps(schedule.bitmapLeaves.map(\.bitmap)[...]) { pointers in
            for (leaf, pointer) in zip(schedule.bitmapLeaves, pointers) { leaf.base = pointer }
            for phase in neededPhases(schedule, cache: cache, statistics: &statistics) {
                try runPhase(phase, schedule: schedule, workers: workers, statistics: &statistics, cache: cache)
            }
            let destination = schedule.destination
            let root = schedule.root
            try forEachTile(of: rect, settings: settings, workers: workers) { tile, worker in
                root.run(tile, into: destination, worker)
            }
        }
        for worker in workers {
            statistics.merge(worker.statistics)
            statistics.arenaOverflows += worker.arena.overflowCount
        }
        count(schedule, into: &statistics)
        if let request = settings.printTree {
            TreePrinter.print(schedule, request: request, settings: settings)
        }
        statistics.programDescription = TreePrinter.programGraph(schedule)
        return statistics
    }

    /// One worker context (with its arena) per thread, each sized for `schedule`; throws `RenderTooLarge` rather
    /// than allocating more than the machine has.
    static func workerContexts(for schedule: Schedule, count: Int) throws(RenderTooLarge) -> [WorkerContext] {
        let arenaFloats = schedule.arenaFloats
        try RenderTooLarge.check(arenaFloats)
        return (0..<count).map { _ in WorkerContext(arenaFloats: arenaFloats) }
    }

    /// Splits `rect` into tiles and renders them on the pool; each call gets its worker's context. When the
    /// render's stop condition comes due (`settings.stop`), the remaining tiles are skipped and this throws.
    static func forEachTile(of rect: PixelRect, settings: RenderSettings, workers: [WorkerContext],
                            _ body: (PixelRect, WorkerContext) -> Void) throws(RenderStopped) {
        try settings.stop.check()
        guard !rect.isEmpty else { return }
        let tw = max(1, settings.tileWidth), th = max(1, settings.tileHeight)
        let columns = (rect.width + tw - 1) / tw, rows = (rect.height + th - 1) / th
        // Tiles go top row first (the order encoders consume rows in).
        WorkerPool.shared.run(count: columns * rows, threads: workers.count) { task, workerIndex in
            let row = task / columns, column = task % columns
            let y1 = rect.maxY - row * th
            let tile = PixelRect(x: rect.x + column * tw, y: max(rect.y, y1 - th),
                                 width: min(tw, rect.maxX - (rect.x + column * tw)), height: y1 - max(rect.y, y1 - th))
            if settings.stop.isDue { return }
            let worker = workers[workerIndex]
            worker.statistics.tiles += 1
            settings.stop.whileCurrent { body(tile, worker) }
            worker.arena.reset()
        }
        try settings.stop.check()
    }

    /// Whole-buffer phases still to run: cached processor outputs are taken from the cache first, and stages only
    /// they read are skipped (so a cached integral image does not re-render its input).
    static func neededPhases(_ schedule: Schedule, cache: IntermediateCache?, statistics: inout RenderStatistics) -> [Stage] {
        if let cache, schedule.settings.cacheIntermediates {
            for case let processor as ProcessorStage in schedule.stages where !processor.region.isEmpty {
                let key = IntermediateCache.Key(digest: processor.digest, region: processor.region, format: processor.format)
                if let bitmap = cache.bitmap(for: key) {
                    processor.leaf = BitmapLeaf(bitmap: bitmap, rect: processor.region, clamp: nil)
                    statistics.intermediateCacheHits += 1
                }
            }
        }
        var reachable = Set<ObjectIdentifier>()
        func visit(_ stage: Stage) {
            guard reachable.insert(ObjectIdentifier(stage)).inserted else { return }
            if let processor = stage as? ProcessorStage, processor.leaf != nil { return }
            for child in stage.children { visit(child) }
        }
        visit(schedule.root)
        return schedule.phases.filter { phase in
            guard reachable.contains(ObjectIdentifier(phase)) else { return false }
            if let processor = phase as? ProcessorStage { return processor.leaf == nil }
            return true
        }
    }

    static func count(_ schedule: Schedule, into statistics: inout RenderStatistics) {
        statistics.outputBuffers += 1
        for stage in schedule.stages {
            switch stage {
            case let program as ProgramStage:
                statistics.passes += 1
                statistics.fusedKernels += program.kernelNames.count
            case is AreaStage, is ClampStage, is ReductionStage, is ProcessorStage:
                statistics.passes += 1
            default:
                break
            }
        }
    }
}
