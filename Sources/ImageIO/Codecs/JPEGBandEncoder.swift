import Foundation
internal import CTurboJPEG

/// Encodes a large image as horizontal bands on several threads with TurboJPEG and joins them into one JPEG with
/// restart markers between the bands (DRI = one band of MCU rows), the layout cameras write. TurboJPEG 2.x cannot
/// write restart markers itself, but each band is a complete entropy stream that starts with reset DC predictors
/// and ends byte-aligned — exactly what lies between two restart markers — so the join is byte-exact JPEG. The
/// result decodes anywhere, and on several threads here (`JPEGRestartBands`).
enum JPEGBandEncoder {
    /// The joined JPEG with `segments` (APPn blocks, ``JPEGSegmentWriter``) after its JFIF header, or `nil` when the
    /// image is too small to be worth it or the bands' headers differ. The output is assembled in one allocation
    /// of its final size (huge pages from 2 MiB), each band's bytes copied once.
    static func encode(_ pixels: PixelBuffer, format: TJPF, subsampling: TJSAMP, quality: Int32, segments: Data = Data()) -> Data? {
        let threads = min(ProcessInfo.processInfo.activeProcessorCount, 4)
        let gray = subsampling == TJSAMP_GRAY
        let mcuWidth = gray || subsampling == TJSAMP_444 ? 8 : 16
        let mcuHeight = subsampling == TJSAMP_420 ? 16 : 8
        let mcuRows = (pixels.height + mcuHeight - 1) / mcuHeight
        let mcusPerRow = (pixels.width + mcuWidth - 1) / mcuWidth
        guard threads > 1, pixels.width * pixels.height >= 2_000_000, mcuRows >= 32 else { return nil }
        // About 32 bands: enough to split evenly over any thread count, few enough that joins cost nothing.
        let rowsPerBand = max(1, min(mcuRows / 32, 65535 / mcusPerRow))
        let bandCount = (mcuRows + rowsPerBand - 1) / rowsPerBand
        let outputs = BandOutputs(count: bandCount)
        pixels.withUnsafeBytes { raw in
            nonisolated(unsafe) let base = raw.baseAddress!
            DispatchQueue.concurrentPerform(iterations: bandCount) { band in
                let firstRow = band * rowsPerBand * mcuHeight
                let rows = min(rowsPerBand * mcuHeight, pixels.height - firstRow)
                guard let handle = tjInitCompress() else { return }
                defer { tjDestroy(handle) }
                var output: UnsafeMutablePointer<UInt8>?
                var size: UInt = 0
                let status = tjCompress2(handle, (base + firstRow * pixels.bytesPerRow).assumingMemoryBound(to: UInt8.self),
                                         Int32(pixels.width), Int32(pixels.bytesPerRow), Int32(rows), Int32(format.rawValue),
                                         &output, &size, Int32(subsampling.rawValue), quality, 0)
                guard status == 0, let output else { return }
                outputs.set(band, Data(bytes: output, count: Int(size)))
                tjFree(output)
            }
        }
        let parts = outputs.all
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
        header[head.frameOffset + 1] = UInt8(pixels.height >> 8)
        header[head.frameOffset + 2] = UInt8(pixels.height & 0xFF)
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
