import Foundation

extension Renderer {
    /// Produces one whole buffer: an intermediate, a processor's output or a reduction.
    static func runPhase(_ phase: Stage, schedule: Schedule, workers: [WorkerContext], statistics: inout RenderStatistics,
                         cache: IntermediateCache?) throws {
        let settings = schedule.settings
        switch phase {
        case let materialized as MaterializedStage:
            let region = materialized.region
            guard !region.isEmpty else { return }
            let key = materialized.cacheDigest.map { IntermediateCache.Key(digest: $0, region: region, format: materialized.format) }
            if let key, let bitmap = cache?.bitmap(for: key) {
                statistics.intermediateCacheHits += 1
                materialized.leaf = BitmapLeaf(bitmap: bitmap, rect: region, clamp: nil)
                return
            }
            let bitmap = try renderBuffer(of: materialized.input, region: region, format: materialized.format, settings: settings, workers: workers)
            statistics.intermediateBuffers += 1
            statistics.intermediateBytes += bitmap.byteCount
            materialized.leaf = BitmapLeaf(bitmap: bitmap, rect: region, clamp: nil)
            if let key { cache?.store(bitmap, for: key) }
        case let processor as ProcessorStage:
            let region = processor.region
            guard !region.isEmpty else { return }
            let format = processor.format
            let key = IntermediateCache.Key(digest: processor.digest, region: region, format: format)
            if settings.cacheIntermediates, let bitmap = cache?.bitmap(for: key) {
                statistics.intermediateCacheHits += 1
                processor.leaf = BitmapLeaf(bitmap: bitmap, rect: region, clamp: nil)
                return
            }
            let buffer = PixelBuffer(byteCount: region.area * format.bytesPerPixel, zeroed: true)
            let output = ProcessorBuffer(region: region, bytesPerRow: region.width * format.bytesPerPixel, format: format,
                                         base: buffer.pointer, digest: processor.digest)
            let inputs = processor.inputs.map { input -> ProcessorBuffer in
                guard let leaf = input.leaf, case .buffer(let storage) = leaf.bitmap.storage else {
                    // An empty region of interest: hand over a one-pixel clear buffer.
                    let empty = PixelBuffer(byteCount: 64, zeroed: true)
                    return ProcessorBuffer(region: .empty, bytesPerRow: input.format.bytesPerPixel, format: input.format,
                                           base: empty.pointer, digest: 0)
                }
                return ProcessorBuffer(region: leaf.rect, bytesPerRow: leaf.bitmap.bytesPerRow, format: input.format,
                                       base: storage.pointer, digest: input.cacheDigest ?? 0)
            }
            try processor.processor.process(inputs: inputs, output: output)
            statistics.intermediateBuffers += 1
            statistics.intermediateBytes += buffer.byteCount
            let bitmap = Bitmap(storage: .buffer(buffer), width: region.width, height: region.height,
                                bytesPerRow: output.bytesPerRow, format: format, premultiplied: true, bottomUp: true)
            processor.leaf = BitmapLeaf(bitmap: bitmap, rect: region, clamp: nil)
            if settings.cacheIntermediates { cache?.store(bitmap, for: key) }
        case let reduction as ReductionStage:
            if try reduce(reduction, settings: settings, workers: workers) { statistics.storedByteReductions += 1 }
            statistics.intermediateBuffers += 1
            statistics.intermediateBytes += reduction.kernel.outputExtent.area * 16
        default:
            break
        }
    }

    /// Renders `stage` over `region` into a new bottom-up buffer of `format`.
    static func renderBuffer(of stage: Stage, region: PixelRect, format: PixelFormat, settings: RenderSettings,
                             workers: [WorkerContext]) throws(RenderStopped) -> Bitmap {
        let bytesPerRow = region.width * format.bytesPerPixel
        let buffer = PixelBuffer(byteCount: bytesPerRow * region.height)
        let destination = Destination(base: buffer.pointer, bytesPerRow: bytesPerRow, format: format, bounds: region, bottomUp: true)
        try forEachTile(of: region, settings: settings, workers: workers) { tile, worker in
            if let program = stage as? ProgramStage {
                program.run(tile, into: destination, worker)
            } else {
                let pixels = Tile(base: worker.arena.take(tile.area * 4), rect: tile, stride: tile.width)
                stage.render(into: pixels, worker)
                ProgramStage.store(pixels, into: destination)
            }
        }
        return Bitmap(storage: .buffer(buffer), width: region.width, height: region.height, bytesPerRow: bytesPerRow,
                      format: format, premultiplied: true, bottomUp: true)
    }

    /// Runs a reduction: per-worker partial sums over tiles of its area, added, then finished into pixels.
    /// True when it counted stored bytes.
    static func reduce(_ stage: ReductionStage, settings: RenderSettings, workers: [WorkerContext]) throws(RenderStopped) -> Bool {
        let kernel = stage.kernel
        let area = kernel.area
        let partials = UnsafeMutablePointer<Double>.allocate(capacity: kernel.partialCount * workers.count)
        partials.initialize(repeating: 0, count: kernel.partialCount * workers.count)
        for w in 0..<workers.count { kernel.initialize(partials + w * kernel.partialCount) }
        defer { partials.deallocate() }
        let index = Dictionary(uniqueKeysWithValues: workers.enumerated().map { (ObjectIdentifier($0.element), $0.offset) })
        // An 8-bit bitmap that is only loaded is counted from its bytes, where the kernel can (same result).
        let counting = settings.computesOnStoredValues ? kernel as? any StoredByteReduction : nil
        let source = counting == nil ? nil : StoredByteSource(stage.input, covering: area)
        if let counting, let source {
            try forEachTile(of: area, settings: settings, workers: workers) { tile, worker in
                counting.accumulate(source, rect: tile, into: partials + index[ObjectIdentifier(worker)]! * kernel.partialCount)
            }
        } else {
            try forEachTile(of: area, settings: settings, workers: workers) { tile, worker in
                let pixels = Tile(base: worker.arena.take(tile.area * 4), rect: tile, stride: tile.width)
                stage.input.render(into: pixels, worker)
                kernel.accumulate(pixels, into: partials + index[ObjectIdentifier(worker)]! * kernel.partialCount)
            }
        }
        for w in 1..<max(workers.count, 1) { kernel.combine(partials + w * kernel.partialCount, into: partials) }
        let out = kernel.outputExtent
        let buffer = PixelBuffer(byteCount: out.area * 16, zeroed: true)
        kernel.finish(partials, into: buffer.pointer.assumingMemoryBound(to: Float.self))
        let bitmap = Bitmap(storage: .buffer(buffer), width: out.width, height: out.height, bytesPerRow: out.width * 16,
                            format: .rgbaf, premultiplied: true, bottomUp: true)
        stage.leaf = BitmapLeaf(bitmap: bitmap, rect: out, clamp: nil)
        return source != nil
    }
}
