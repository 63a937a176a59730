import Foundation
import ImageIO

/// One pass of a render made strip by strip, top to bottom, from a file decoded band by band: neither the
/// decoded file nor the output is ever whole in memory. A JPEG export streams through it (`CIContext` hands it
/// to ImageIO's strip encoder as a sequential provider's rows): a 24 MP blur then holds a strip of output and the
/// source bands its neighbourhoods reach (tens of MB) instead of the 96 MB decoded image.
///
/// Qualifies (else `init` returns `nil` and nothing was decoded): the image's only pixel source is one file
/// (a `LazySource` not yet decoded) whose format can be decoded in bands (`ImageFile.bandDecoder`), no whole
/// intermediate is needed, and the context does not keep intermediates. Each strip's source rows come from its
/// region of interest: bands are decoded in order, several at once on the worker threads, into a window that
/// keeps only rows a strip still reads; bands no strip reads (a crop) are skipped. The pixels are those of a
/// whole render (tiles compute the same values wherever their source rows lie).
package final class StripRender {
    /// What the render did so far; complete once the last row is made.
    package private(set) var statistics = RenderStatistics()
    private let schedule: Schedule
    private let workers: [WorkerContext]
    private let decoder: any RowBandDecoder
    private let leaf: BitmapLeaf
    private let source: Image
    private let rect: PixelRect
    private let threads: Int
    private let sourceBytesPerRow: Int
    /// Decoded source rows: stored rows `windowRows` at the start of `window`, which holds `capacity` rows.
    private var window: PixelBuffer?
    private var capacity: Int { (window?.byteCount ?? 0) / sourceBytesPerRow }
    private var windowRows = 0..<0
    /// The next band to decode (its first row is `windowRows.upperBound` once decoding started).
    private var nextBand = 0
    /// Output rows (top-down) made so far.
    private var madeRows = 0

    /// A pass over `image` in `rect`, written as `format`; `nil` when the render does not qualify.
    package init?(_ image: Image, rect: PixelRect, format: PixelFormat, settings: RenderSettings) throws {
        guard settings.streamsFromBands, !settings.cacheIntermediates, !rect.isEmpty, !rect.isInfinite else { return nil }
        let files = Schedule.lazySources(in: image)
        guard files.count == 1, let file = files.first, file.decoded == nil, let made = file.bandDecoder?(),
              let stored = Self.format(of: made.layout) else { return nil }
        let width = Int(file.extent.width), height = Int(file.extent.height)
        guard made.bandStarts.first == 0, made.bandStarts.last == height, made.bandStarts.count >= 2 else { return nil }
        let standIn = Bitmap(storage: .data(Data()), width: width, height: height, bytesPerRow: width * stored.bytesPerPixel,
                             format: stored, premultiplied: false)
        var settings = settings
        settings.bandedSource = (file, standIn)
        var placeholder: UInt8 = 0
        let probe = Destination(base: &placeholder, bytesPerRow: rect.width * format.bytesPerPixel, format: format, bounds: rect, bottomUp: false)
        let schedule = try Schedule(image: image, rect: rect, destination: probe, settings: settings)
        guard schedule.phases.isEmpty, schedule.bitmapLeaves.count == 1, let leaf = schedule.bitmapLeaves.first,
              leaf.bitmap === standIn, let source = Renderer.sourceNode(of: standIn, in: schedule.optimized) else { return nil }
        self.schedule = schedule
        self.decoder = made
        self.leaf = leaf
        self.source = source
        self.rect = rect
        sourceBytesPerRow = standIn.bytesPerRow
        threads = max(1, min(schedule.settings.threads, WorkerPool.shared.threadCount))
        workers = try Renderer.workerContexts(for: schedule, count: threads)
        statistics.tileWidth = schedule.settings.tileWidth
        statistics.tileHeight = schedule.settings.tileHeight
        statistics.threads = threads
        statistics.sourceBands = made.bandStarts.count - 1
    }

    /// Whether every row has been made.
    package var isFinished: Bool { madeRows == rect.height }

    /// Renders the next `count` rows (top-down) at `destination`, `bytesPerRow` apart.
    package func render(rows count: Int, into destination: UnsafeMutableRawPointer, bytesPerRow: Int) throws {
        guard count > 0 else { return }
        guard count <= rect.height - madeRows else {
            throw StripRenderError(description: "rows \(madeRows)..<\(madeRows + count) asked of an image \(rect.height) rows high")
        }
        let strip = PixelRect(x: rect.x, y: rect.maxY - madeRows - count, width: rect.width, height: count)
        let reads = (RegionOfInterestQuery.region(of: source, in: schedule.optimized, for: strip) ?? leaf.rect).intersection(leaf.rect)
        if !reads.isEmpty {
            // Stored rows the strip reads.
            try decode(leaf.rect.maxY - reads.maxY..<leaf.rect.maxY - reads.y)
        }
        leaf.base = window.map { UnsafeRawPointer($0.pointer) - windowRows.lowerBound * sourceBytesPerRow }
        var target = schedule.destination
        target.base = destination
        target.bytesPerRow = bytesPerRow
        target.bounds = strip
        let root = schedule.root
        try Renderer.forEachTile(of: strip, settings: schedule.settings, workers: workers) { tile, worker in
            root.run(tile, into: target, worker)
        }
        madeRows += count
        if isFinished { finish() }
    }

    /// Makes the window hold stored rows `needed`: rows above them are dropped, bands are decoded until the window
    /// reaches their end (several a batch, one per thread, while they fit), bands entirely above are skipped.
    private func decode(_ needed: Range<Int>) throws {
        guard needed.lowerBound >= windowRows.lowerBound || windowRows.isEmpty else {
            throw StripRenderError(description: "a strip reads source rows above ones already dropped (\(needed) after \(windowRows))")
        }
        let starts = decoder.bandStarts
        let bandCount = starts.count - 1
        // Drop the rows above the strip's reach.
        let keep = max(windowRows.lowerBound, min(needed.lowerBound, windowRows.upperBound))..<windowRows.upperBound
        if keep.lowerBound > windowRows.lowerBound, let window, !keep.isEmpty {
            window.pointer.copyMemory(from: window.pointer + (keep.lowerBound - windowRows.lowerBound) * sourceBytesPerRow,
                                      byteCount: keep.count * sourceBytesPerRow)
        }
        windowRows = keep
        if windowRows.isEmpty {
            // Nothing held: skip bands that end above the strip's reach.
            while nextBand < bandCount, starts[nextBand + 1] <= needed.lowerBound { nextBand += 1 }
            windowRows = starts[nextBand]..<starts[nextBand]
        }
        while windowRows.upperBound < needed.upperBound, nextBand < bandCount {
            // One band per thread a batch, as many as fit; the window grows when not even the needed rows do.
            let tallest = (nextBand..<min(bandCount, nextBand + threads)).map { starts[$0 + 1] - starts[$0] }.max() ?? 0
            let wanted = max(needed.upperBound, starts[nextBand + 1]) - windowRows.lowerBound + threads * tallest
            if window == nil || capacity < starts[nextBand + 1] - windowRows.lowerBound {
                grow(to: wanted)
            }
            var end = nextBand + 1
            while end < min(bandCount, nextBand + threads), starts[end + 1] - windowRows.lowerBound <= capacity { end += 1 }
            let window = window!
            try decoder.decode(bands: nextBand..<end, into: window.pointer + windowRows.count * sourceBytesPerRow, bytesPerRow: sourceBytesPerRow)
            statistics.decodedBands += end - nextBand
            windowRows = windowRows.lowerBound..<starts[end]
            nextBand = end
        }
    }

    /// A window of `rows` rows holding the current rows at its start.
    private func grow(to rows: Int) {
        let bigger = PixelBuffer(byteCount: rows * sourceBytesPerRow)
        if let window, !windowRows.isEmpty {
            bigger.pointer.copyMemory(from: window.pointer, byteCount: windowRows.count * sourceBytesPerRow)
        }
        window = bigger
    }

    /// Completes the statistics after the last strip and lets the window go.
    private func finish() {
        for worker in workers {
            statistics.merge(worker.statistics)
            statistics.arenaOverflows += worker.arena.overflowCount
        }
        Renderer.count(schedule, into: &statistics)
        if let request = schedule.settings.printTree { TreePrinter.print(schedule, request: request, settings: schedule.settings) }
        statistics.programDescription = TreePrinter.programGraph(schedule) + "\n(streamed in strips from the file decoded in bands)"
        window = nil
        leaf.base = nil
    }

    /// The engine format of a band decoder's rows.
    private static func format(of layout: ImageIO.PixelBuffer.Layout) -> PixelFormat? {
        switch layout {
        case .rgbx: .rgbx8
        case .gray: .l8
        default: nil
        }
    }
}

/// A strip render asked for something it cannot do.
package struct StripRenderError: Error, CustomStringConvertible {
    package let description: String
}
