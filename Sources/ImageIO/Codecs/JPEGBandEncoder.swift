import Foundation
internal import CTurboJPEG

/// Encodes a large image as horizontal bands on several threads with TurboJPEG and joins them into one JPEG with
/// restart markers between the bands (DRI = one band of MCU rows), the layout cameras write. TurboJPEG 2.x cannot
/// write restart markers itself, but each band is a complete entropy stream that starts with reset DC predictors
/// and ends byte-aligned — exactly what lies between two restart markers — so the join is byte-exact JPEG. The
/// result decodes anywhere, and on several threads here (`JPEGRestartBands`).
///
/// The bands can be given all at once (``encode(_:format:subsampling:quality:segments:)``) or a few at a time, top
/// to bottom (``encodeBands(_:rows:bytesPerRow:)`` then ``finish(segments:)``): an image streamed in strips is
/// encoded without ever being whole in memory, and to the same bytes.
final class JPEGBandEncoder {
    let width: Int
    let height: Int
    let format: TJPF
    let subsampling: TJSAMP
    let quality: Int32
    /// The height of every band but the last, in pixel rows (whole MCU rows).
    let bandHeight: Int
    /// How many bands the image is cut into.
    let bandCount: Int
    private let mcusPerRow: Int
    private let rowsPerBand: Int
    private var parts: [Data?]

    /// An encoder for an image of this size, or `nil` when it is too small to be worth banding (under 2 MP or
    /// 32 MCU rows) or the machine has one core.
    init?(width: Int, height: Int, format: TJPF, subsampling: TJSAMP, quality: Int32) {
        let threads = min(ProcessInfo.processInfo.activeProcessorCount, 4)
        let gray = subsampling == TJSAMP_GRAY
        let mcuWidth = gray || subsampling == TJSAMP_444 ? 8 : 16
        let mcuHeight = subsampling == TJSAMP_420 ? 16 : 8
        let mcuRows = (height + mcuHeight - 1) / mcuHeight
        mcusPerRow = (width + mcuWidth - 1) / mcuWidth
        guard threads > 1, width * height >= 2_000_000, mcuRows >= 32 else { return nil }
        // About 32 bands: enough to split evenly over any thread count, few enough that joins cost nothing.
        rowsPerBand = max(1, min(mcuRows / 32, 65535 / mcusPerRow))
        bandCount = (mcuRows + rowsPerBand - 1) / rowsPerBand
        bandHeight = rowsPerBand * mcuHeight
        (self.width, self.height, self.format, self.subsampling, self.quality) = (width, height, format, subsampling, quality)
        parts = Array(repeating: nil, count: bandCount)
    }

    /// Pixel rows of band `index` (the last one may be shorter).
    func rows(ofBand index: Int) -> Range<Int> { index * bandHeight..<min(height, (index + 1) * bandHeight) }

    /// Encodes `bands` on several threads from `rows`, the first row of the first of them, `bytesPerRow` apart;
    /// false when TurboJPEG fails on one.
    func encodeBands(_ bands: Range<Int>, rows: UnsafeRawPointer, bytesPerRow: Int) -> Bool {
        let outputs = BandOutputs(count: bands.count)
        nonisolated(unsafe) let base = rows
        guard !bands.isEmpty else { return true }
        let ranges = bands.map(rows(ofBand:))
        let firstRow = ranges[0].lowerBound
        let (width, format, subsampling, quality) = (self.width, self.format, self.subsampling, self.quality)
        DispatchQueue.concurrentPerform(iterations: bands.count) { offset in
            let band = ranges[offset]
            guard let handle = tjInitCompress() else { return }
            defer { tjDestroy(handle) }
            var output: UnsafeMutablePointer<UInt8>?
            var size: UInt = 0
            let status = tjCompress2(handle, (base + (band.lowerBound - firstRow) * bytesPerRow).assumingMemoryBound(to: UInt8.self),
                                     Int32(width), Int32(bytesPerRow), Int32(band.count), Int32(format.rawValue),
                                     &output, &size, Int32(subsampling.rawValue), quality, 0)
            guard status == 0, let output else { return }
            outputs.set(offset, Data(bytes: output, count: Int(size)))
            tjFree(output)
        }
        let encoded = outputs.all
        guard encoded.count == bands.count else { return false }
        for (offset, part) in encoded.enumerated() { parts[bands.lowerBound + offset] = part }
        return true
    }

    /// The whole image, bands encoded all at once; see ``finish(segments:)``.
    static func encode(_ pixels: PixelBuffer, format: TJPF, subsampling: TJSAMP, quality: Int32, segments: Data = Data()) -> Data? {
        guard let encoder = JPEGBandEncoder(width: pixels.width, height: pixels.height, format: format, subsampling: subsampling,
                                            quality: quality) else { return nil }
        let encoded = pixels.withUnsafeBytes { raw in
            encoder.encodeBands(0..<encoder.bandCount, rows: raw.baseAddress!, bytesPerRow: pixels.bytesPerRow)
        }
        return encoded ? encoder.finish(segments: segments) : nil
    }

    /// The joined JPEG with `segments` (APPn blocks, ``JPEGSegmentWriter``) after its JFIF header, or `nil` when a
    /// band is missing or the bands' headers differ. The output is assembled in one allocation of its final size
    /// (huge pages from 2 MiB), each band's bytes copied once.
    func finish(segments: Data) -> Data? {
        let parts = self.parts.compactMap { $0 }
        guard parts.count == bandCount, let first = parts.first, let head = try? JPEGMarkers(first) else { return nil }
        let headerLength = head.scanStart
        for part in parts {
            guard part.count > headerLength + 2, part.prefix(head.frameOffset + 1) == first.prefix(head.frameOffset + 1),
                  part[(head.frameOffset + 3)..<headerLength] == first[(head.frameOffset + 3)..<headerLength],
                  part.suffix(2) == Data([0xFF, 0xD9]) else { return nil }
        }
        // The joined frame is as tall as the image (the frame header precedes the scan header, so the DRI segment
        // inserted before the scan does not move it).
        var header = Data(first.prefix(headerLength))
        header[head.frameOffset + 1] = UInt8(height >> 8)
        header[head.frameOffset + 2] = UInt8(height & 0xFF)
        let insertAt = min(JPEGSegmentWriter.insertionPoint(of: header), head.scanHeaderOffset)
        let interval = rowsPerBand * mcusPerRow
        let restart: [UInt8] = [0xFF, 0xDD, 0x00, 0x04, UInt8(interval >> 8), UInt8(interval & 0xFF)]
        let scans = parts.reduce(0) { $0 + $1.count - headerLength - 2 }
        let total = headerLength + segments.count + restart.count + scans + 2 * (parts.count - 1) + 2
        var joined = HugePageMemory.zeroedData(count: total, threshold: 2 << 20)
        let filled = joined.withUnsafeMutableBytes { (out: UnsafeMutableRawBufferPointer) -> Bool in
            var at = 0
            /// Appends `bytes`; false (nothing written) when they would not fit.
            func put(_ bytes: some DataProtocol) -> Bool {
                guard bytes.count <= out.count - at else { return false }
                for region in bytes.regions {
                    region.withUnsafeBytes { out.baseAddress!.advanced(by: at).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
                    at += region.count
                }
                return true
            }
            guard put(header[0..<insertAt]), put(segments), put(header[insertAt..<head.scanHeaderOffset]), put(restart),
                  put(header[head.scanHeaderOffset..<headerLength]) else { return false }
            for (index, part) in parts.enumerated() {
                guard put(part[(part.startIndex + headerLength)..<(part.endIndex - 2)]),
                      put(index < parts.count - 1 ? [0xFF, 0xD0 + UInt8(index % 8)] : [0xFF, 0xD9]) else { return false }
            }
            return at == total
        }
        // The sizes are summed from the same parts, so they always agree; should they not, the caller encodes in one
        // piece instead.
        guard filled else { return nil }
        return joined
    }

    /// Band results written from several threads.
    private final class BandOutputs: @unchecked Sendable {
        private let lock = NSLock()
        private var parts: [Data?]
        init(count: Int) { parts = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ data: Data) { lock.lock(); parts[index] = data; lock.unlock() }
        var all: [Data] { lock.lock(); defer { lock.unlock() }; return parts.compactMap { $0 } }
    }
}
