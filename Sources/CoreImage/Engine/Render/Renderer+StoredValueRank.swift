internal import CPixelKernels
import CoreGraphics
import Foundation

/// Rank filters — flat morphology (`CIMorphologyMinimum`/`Maximum` and the rectangle variants) and the 3 × 3
/// median (`CIMedianFilter`) — of an opaque 8-bit sRGB bitmap rendered to an 8-bit destination of the same
/// layout in sRGB, computed on the stored bytes (`pk_ci_morphology8`, `pk_ci_median3x3_8`) instead of in linear
/// floats. Every conversion between the bitmap and the destination is then a monotonic curve per channel, and a
/// rank of stored values is the stored value of the rank, so the bytes are the same as the general path's
/// (`StoredValueRankTests` compares them).
struct StoredValueRankRender {
    enum Operation { case morphology(Morphology), median }

    let operation: Operation
    let bitmap: Bitmap
    /// Where the bitmap lies (y-up).
    let source: PixelRect
    /// Pixels beyond it repeat the edge of this rectangle (a clamped input), or are clear when nil.
    let clamp: PixelRect?
    /// Outside this rectangle the result is clear (a crop above the filter).
    let crop: PixelRect

    /// The render of `image` into `destination`, when it is one of these; nil otherwise.
    init?(_ image: Image, destination: Destination, settings: RenderSettings) {
        guard settings.computesOnStoredValues else { return nil }
        var node = image, cropRect = PixelRect.infinite
        if case .crop(let rect, let inner) = node.node { cropRect = rect; node = inner }
        crop = cropRect
        guard case .area(let kernel, let inputs) = node.node, inputs.count == 1 else { return nil }
        if let morphology = kernel as? Morphology, morphology.halfWidths == morphology.halfWidths.reversed() {
            operation = .morphology(morphology)
        } else if kernel is MedianKernel {
            operation = .median
        } else {
            return nil
        }
        var input = inputs[0], clampRect: PixelRect?
        if case .clamp(let rect, let inner) = input.node { clampRect = rect; input = inner }
        clamp = clampRect
        guard case .bitmap(let bitmap, let space) = input.node else { return nil }
        let format = bitmap.format
        guard format.component == .uint8, format.componentCount == 4, format.channels.contains(.alpha), !format.bigEndian,
              format.channels == destination.format.channels, destination.format.component == .uint8,
              let space, space.name == CGColorSpace.sRGB, settings.outputSpace?.name == CGColorSpace.sRGB,
              [CGColorSpace.extendedLinearSRGB, CGColorSpace.linearSRGB].contains(settings.workingSpace?.name ?? ""),
              bitmap.alphaIsOpaque else { return nil }
        self.bitmap = bitmap
        source = input.pixelExtent
        if let clamp, clamp.intersection(source).isEmpty { return nil }
    }

    /// Pixels read either side of each output pixel, horizontally and vertically.
    var reach: (x: Int, y: Int) {
        switch operation {
        case .morphology(let m): (m.halfWidths.max() ?? 0, m.halfWidths.count / 2)
        case .median: (1, 1)
        }
    }

    /// Renders `rect` of `destination` on the worker pool, in bands of rows.
    func render(_ rect: PixelRect, into destination: Destination, settings: RenderSettings) throws(RenderStopped) -> RenderStatistics {
        try settings.stop.check()
        var statistics = RenderStatistics()
        statistics.passes = 1
        statistics.threads = max(1, min(settings.threads, WorkerPool.shared.threadCount))
        let computed = rect.intersection(crop)
        // Rows and columns outside the crop are clear.
        for y in rect.y..<rect.maxY {
            let row = destination.pointer(rect.x, y)
            if computed.isEmpty || y < computed.y || y >= computed.maxY { row.initializeMemory(as: UInt8.self, repeating: 0, count: rect.width * 4); continue }
            if computed.x > rect.x { row.initializeMemory(as: UInt8.self, repeating: 0, count: (computed.x - rect.x) * 4) }
            if computed.maxX < rect.maxX {
                (row + (computed.maxX - rect.x) * 4).initializeMemory(as: UInt8.self, repeating: 0, count: (rect.maxX - computed.maxX) * 4)
            }
        }
        guard !computed.isEmpty else { return statistics }
        let readable = clamp.map { $0.intersection(source) } ?? source
        statistics.recordRead(source: bitmap.serial, rect: computed.outset(reach.x, reach.y).intersection(readable))
        let band = 64
        let bands = (computed.height + band - 1) / band
        statistics.tiles = bands
        bitmap.withBytes { base in
            nonisolated(unsafe) let base = base
            WorkerPool.shared.run(count: bands, threads: statistics.threads) { task, _ in
                if settings.stop.isDue { return }
                let y0 = computed.y + task * band, y1 = min(computed.maxY, y0 + band)
                renderBand(y0..<y1, columns: computed.x..<computed.maxX, from: base, into: destination)
            }
        }
        try settings.stop.check()
        statistics.programDescription = "stored-value \(label)"
        return statistics
    }

    private var label: String {
        switch operation {
        case .morphology(let m): "\(m.name)(\(m.signature))"
        case .median: "median3x3"
        }
    }

    /// Output rows `rows` (y-up) over `columns`: the input rows they read, padded, then the kernel writing straight
    /// into the destination (bottom row first: a negative stride when it is stored top-down).
    private func renderBand(_ rows: Range<Int>, columns: Range<Int>, from base: UnsafeRawPointer, into destination: Destination) {
        let (rx, ry) = reach
        let width = columns.count, paddedWidth = width + 2 * rx, rowBytes = paddedWidth * 4
        let inputRows = rows.count + 2 * ry
        let halfWidths: [Int32]
        let scratchBytes: Int
        switch operation {
        case .morphology(let m):
            halfWidths = m.halfWidths.map(Int32.init)
            scratchBytes = halfWidths.withUnsafeBufferPointer { pk_ci_morphology8_scratch(Int32(width), $0.baseAddress, Int32($0.count), Int32(rx)) }
        case .median:
            (halfWidths, scratchBytes) = ([], 12 * (width + 2))
        }
        let memory = UnsafeMutableRawPointer.allocate(byteCount: inputRows * rowBytes + scratchBytes, alignment: 64)
        defer { memory.deallocate() }
        let padded = memory.assumingMemoryBound(to: UInt8.self)
        for r in 0..<inputRows { loadRow(rows.lowerBound - ry + r, from: columns.lowerBound - rx, count: paddedWidth, base: base, into: padded + r * rowBytes) }
        let first = destination.pointer(columns.lowerBound, rows.lowerBound).assumingMemoryBound(to: UInt8.self)
        let stride = destination.bottomUp ? destination.bytesPerRow : -destination.bytesPerRow
        let scratch = padded + inputRows * rowBytes
        switch operation {
        case .morphology(let m):
            halfWidths.withUnsafeBufferPointer {
                pk_ci_morphology8(padded, rowBytes, first, stride, Int32(width), Int32(rows.count), $0.baseAddress,
                                  Int32($0.count), Int32(rx), m.operation == .maximum ? 1 : 0, scratch)
            }
        case .median:
            pk_ci_median3x3_8(padded, rowBytes, first, stride, Int32(width), Int32(rows.count), scratch)
        }
    }

    /// `count` pixels of image row `y` from column `x`: the bitmap's, edge pixels repeated beyond the clamp
    /// rectangle, clear beyond the bitmap otherwise.
    private func loadRow(_ y: Int, from x: Int, count: Int, base: UnsafeRawPointer, into row: UnsafeMutablePointer<UInt8>) {
        func pixels(_ y: Int, _ from: Int) -> UnsafePointer<UInt8> {
            (base + bitmap.rowOffset(y - source.y) + (from - source.x) * 4).assumingMemoryBound(to: UInt8.self)
        }
        if let clamp {
            let area = clamp.intersection(source)
            let sy = min(max(y, area.y), area.maxY - 1)
            let start = min(max(x, area.x), area.maxX), end = max(min(x + count, area.maxX), start)
            let left = start - x, inside = end - start
            if inside > 0 { (row + left * 4).update(from: pixels(sy, start), count: inside * 4) }
            let firstPixel = pixels(sy, area.x), lastPixel = pixels(sy, area.maxX - 1)
            for i in 0..<left { (row + i * 4).update(from: firstPixel, count: 4) }
            for i in (left + inside)..<count { (row + i * 4).update(from: lastPixel, count: 4) }
            return
        }
        guard y >= source.y, y < source.maxY else { row.update(repeating: 0, count: count * 4); return }
        let start = min(max(x, source.x), source.maxX), end = max(min(x + count, source.maxX), start)
        let left = start - x, inside = end - start
        if left > 0 { row.update(repeating: 0, count: left * 4) }
        if inside > 0 { (row + left * 4).update(from: pixels(y, start), count: inside * 4) }
        if left + inside < count { (row + (left + inside) * 4).update(repeating: 0, count: (count - left - inside) * 4) }
    }
}

extension Renderer {
    /// `StoredValueRankRender` when the render is one; nil otherwise (the general path runs).
    static func renderRankOnStoredValues(_ image: Image, rect: PixelRect, into destination: Destination,
                                         settings: RenderSettings) throws(RenderStopped) -> RenderStatistics? {
        guard !rect.isEmpty, let render = StoredValueRankRender(image, destination: destination, settings: settings) else { return nil }
        return try render.render(rect, into: destination, settings: settings)
    }
}
