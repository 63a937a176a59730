import Foundation
internal import CTurboJPEG

/// Splits a sequential JPEG whose restart intervals start on MCU-row boundaries into independent JPEGs of
/// horizontal bands (same headers, frame height patched, restart markers renumbered), so TurboJPEG can decode
/// the bands on several threads. Cameras (iPhone JPEGs restart every MCU row) and this package's encoder write
/// such files. Anything unusual (progressive, several scans, a restart count that does not add up) returns `nil`
/// and the caller decodes serially.
struct JPEGRestartBands {
    struct Band {
        /// The band's first pixel row in the full image.
        var firstRow: Int
        /// The band's height in pixels.
        var rows: Int
        /// Its entropy-coded bytes in the file, and the restart markers inside them (to renumber).
        var entropy: Range<Int>
        var innerRestarts: ArraySlice<Int>
    }

    let bands: [Band]
    private let markers: JPEGMarkers

    /// A complete JPEG holding only band `index`: the file's headers with the frame height patched, the band's
    /// entropy-coded data with its restart markers counted from RST0, and EOI. Built on demand, so a decoder
    /// holds only the bands in flight.
    func jpeg(_ index: Int, from data: Data) -> Data {
        let band = bands[index]
        var jpeg = Data(capacity: markers.scanStart + band.entropy.count + 2)
        jpeg.append(data.prefix(markers.scanStart))
        jpeg[markers.frameOffset + 1] = UInt8(band.rows >> 8)
        jpeg[markers.frameOffset + 2] = UInt8(band.rows & 0xFF)
        let entropyStart = jpeg.count
        jpeg.append(data[band.entropy])
        for (number, inner) in band.innerRestarts.enumerated() {
            jpeg[entropyStart + (inner - band.entropy.lowerBound) + 1] = 0xD0 + UInt8(number % 8)
        }
        jpeg.append(contentsOf: [0xFF, 0xD9])
        return jpeg
    }

    /// Decodes bands `indices` on several threads (one TurboJPEG decode each) into `destination`, which holds row
    /// `firstRow` of the decode scaled by 1/`denominator`, `bytesPerRow` apart; false when one fails (its rows are
    /// then undefined). Each worker holds only the band it decodes.
    func decode(_ indices: Range<Int>, from data: Data, into destination: UnsafeMutableRawPointer, firstRow: Int, bytesPerRow: Int,
                format: TJPF, flags: Int32, denominator: Int = 1) -> Bool {
        guard !indices.isEmpty else { return true }
        let width = (markers.width + denominator - 1) / denominator
        let totalRows = (markers.height + denominator - 1) / denominator
        let failures = Atomic(0)
        nonisolated(unsafe) let base = destination
        DispatchQueue.concurrentPerform(iterations: indices.count) { offset in
            let index = indices.lowerBound + offset
            let band = bands[index]
            let top = band.firstRow / denominator
            let rows = min((band.rows + denominator - 1) / denominator, totalRows - top)
            let jpeg = self.jpeg(index, from: data)
            guard let handle = tjInitDecompress() else { failures.add(1); return }
            defer { tjDestroy(handle) }
            let status = jpeg.withUnsafeBytes { source in
                tjDecompress2(handle, source.bindMemory(to: UInt8.self).baseAddress, UInt(source.count),
                              (base + (top - firstRow) * bytesPerRow).assumingMemoryBound(to: UInt8.self), Int32(width),
                              Int32(bytesPerRow), Int32(rows), Int32(format.rawValue), flags)
            }
            if status != 0 { failures.add(1) }
        }
        return failures.load() == 0
    }

    /// MCU size for a frame's sampling factors (one 8×8 block for single-component scans).
    static func mcuSize(_ markers: JPEGMarkers) -> (width: Int, height: Int) {
        guard markers.scanComponents > 1, !markers.sampling.isEmpty else { return (8, 8) }
        return (8 * (markers.sampling.map(\.h).max() ?? 1), 8 * (markers.sampling.map(\.v).max() ?? 1))
    }

    /// The file cut into `wanted` bands of whole restart intervals, or `nil` when it cannot be; with `orFewer`, into
    /// as many as it has groups of intervals starting on rows when those are fewer (at least two).
    init?(_ data: Data, markers: JPEGMarkers, bands wanted: Int, orFewer: Bool = false) {
        let interval = markers.restartInterval
        guard wanted > 1, data.startIndex == 0, interval > 0, markers.isSequentialHuffman, markers.scanComponents == markers.components,
              markers.width > 0, markers.height > 0, markers.frameOffset + 5 <= markers.scanStart else { return nil }
        let mcu = Self.mcuSize(markers)
        let mcusPerRow = (markers.width + mcu.width - 1) / mcu.width
        let mcuRows = (markers.height + mcu.height - 1) / mcu.height
        // Interval boundaries that fall on row starts: every `step` intervals, each covering `rowsPerStep` MCU rows.
        let step: Int, rowsPerStep: Int
        if interval % mcusPerRow == 0 { step = 1; rowsPerStep = interval / mcusPerRow }
        else if mcusPerRow % interval == 0 { step = mcusPerRow / interval; rowsPerStep = 1 }
        else { return nil }
        guard let (restarts, end) = Self.restartMarkers(data, from: markers.scanStart),
              restarts.count + 1 == (mcusPerRow * mcuRows + interval - 1) / interval else { return nil }
        let groups = (restarts.count + 1 + step - 1) / step
        let wanted = orFewer ? min(wanted, groups) : wanted
        guard wanted > 1, groups >= wanted else { return nil }
        var bands: [Band] = []
        for band in 0..<wanted {
            let firstGroup = band * groups / wanted, endGroup = (band + 1) * groups / wanted
            let firstInterval = firstGroup * step, endInterval = min(endGroup * step, restarts.count + 1)
            let start = firstInterval == 0 ? markers.scanStart : restarts[firstInterval - 1] + 2
            let stop = endInterval == restarts.count + 1 ? end : restarts[endInterval - 1]
            let firstRow = firstGroup * rowsPerStep * mcu.height
            let rows = min(endGroup * rowsPerStep * mcu.height, markers.height) - firstRow
            guard start <= stop, rows > 0 else { return nil }
            bands.append(Band(firstRow: firstRow, rows: rows, entropy: start..<stop,
                              innerRestarts: restarts[firstInterval..<max(firstInterval, endInterval - 1)]))
        }
        self.bands = bands
        self.markers = markers
    }

    /// Offsets of the RSTn markers of the entropy-coded data and of its end (EOI, or the data's end); `nil` when
    /// another marker (a second scan, DNL) interrupts it.
    static func restartMarkers(_ data: Data, from start: Int) -> ([Int], Int)? {
        data.withUnsafeBytes { raw -> ([Int], Int)? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let base = bytes.baseAddress, start < bytes.count else { return nil }
            var markers: [Int] = []
            var at = start
            while at < bytes.count - 1 {
                guard let hit = memchr(base + at, 0xFF, bytes.count - 1 - at) else { break }
                at = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
                let next = bytes[at + 1]
                switch next {
                case 0x00, 0xFF: at += 1
                case 0xD0...0xD7: markers.append(at); at += 2
                case 0xD9: return (markers, at)
                default: return nil
                }
            }
            return (markers, bytes.count)
        }
    }
}
