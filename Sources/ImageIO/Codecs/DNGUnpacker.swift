import Foundation
import Synchronization
internal import CPixelKernels

/// Unpacks a DNG's Bayer mosaic in this process, on every core, for the storage ``DNGRawLayout`` describes:
/// uncompressed packed samples and lossless JPEG. LibRaw 0.20 unpacks these serially (a 24 MP 12-bit DNG took
/// ~175 ms of a development's ~400 ms); LibRaw still opens the file (in the probe) and supplies the metadata.
///
/// The values are LibRaw's for the same file (tests compare them): each sample mapped through the linearization
/// curve LibRaw read from the file. Where LibRaw 0.20 reads an uncompressed DNG's strips or tiles as if they were
/// one run of bytes, this follows their offsets, as the DNG specification says.
enum DNGUnpacker {
    /// Values of the whole stored image, `layout.width` per row (`layout.height` rows) in memory this object owns.
    final class Image: @unchecked Sendable {
        let values: UnsafeMutablePointer<UInt16>
        let count: Int
        private let mapping: (base: UnsafeMutableRawPointer, length: Int)?

        init(count: Int) {
            self.count = count
            if let mapped = HugePageMemory.map(byteCount: count * 2) {
                values = mapped.pointer.bindMemory(to: UInt16.self, capacity: count)
                mapping = (mapped.base, mapped.length)
            } else {
                values = .allocate(capacity: max(count, 1))
                values.initialize(repeating: 0, count: count)
                mapping = nil
            }
        }

        deinit {
            if let mapping { munmap(mapping.base, mapping.length) } else { values.deallocate() }
        }
    }

    /// One unit of work: rows `rows` of piece `index` (uncompressed pieces are split so every core has work).
    private struct Job { var index: Int; var piece: DNGRawLayout.Piece; var rows: Range<Int> }

    /// The stored image of `bytes` (the whole file) as `layout` places it, each value through `curve` (65,536
    /// entries) when given; `nil` when a lossless JPEG stream uses something LibRaw reads differently from the
    /// standard (LibRaw then unpacks the file). `dng11Differences`: the file is DNG 1.1 or later (a difference of
    /// length 16 is then −32,768 without further bits). Throws `.truncated` naming the strip or tile whose bytes
    /// lie past the end of the file, `.corrupt` naming the one whose lossless JPEG data does not decode.
    static func unpack(_ bytes: UnsafeRawBufferPointer, layout: DNGRawLayout, curve: UnsafePointer<UInt16>?,
                       dng11Differences: Bool = true, format: ImageFormat) throws(ImageIOError) -> Image? {
        let width = layout.width, height = layout.height
        let tiled = layout.pieces.contains { $0.column > 0 || $0.columns != width }
        func name(_ index: Int) -> String {
            layout.pieces.count == 1 ? "the raw image" : "\(tiled ? "tile" : "strip") \(index + 1) of \(layout.pieces.count)"
        }
        var jobs: [Job] = []
        for (index, piece) in layout.pieces.enumerated() {
            let rowsInImage = min(piece.rows, height - piece.row), columnsInImage = min(piece.columns, width - piece.column)
            guard rowsInImage > 0, columnsInImage > 0 else { continue }
            guard piece.offset >= 0, piece.offset < bytes.count else {
                throw ImageIOError(.truncated, "the file ends before the data of \(name(index)) (offset \(piece.offset), file \(bytes.count) bytes)", format: format)
            }
            switch layout.compression {
            case .uncompressed:
                let needed = layout.rowBytes(columns: piece.columns) * rowsInImage
                guard needed <= bytes.count - piece.offset else {
                    throw ImageIOError(.truncated, "the file ends inside the data of \(name(index)) (\(needed) bytes from offset \(piece.offset), file \(bytes.count) bytes)", format: format)
                }
                let band = 128
                for start in stride(from: 0, to: rowsInImage, by: band) {
                    jobs.append(Job(index: index, piece: piece, rows: start..<min(start + band, rowsInImage)))
                }
            case .losslessJPEG:
                jobs.append(Job(index: index, piece: piece, rows: 0..<rowsInImage))
            }
        }

        let image = Image(count: width * height)
        nonisolated(unsafe) let source = bytes   // read-only, valid until concurrentPerform returns
        nonisolated(unsafe) let destination = image.values
        nonisolated(unsafe) let curve = curve
        // Per job: 0 decoded, else PK_LJPEG_UNSUPPORTED / PK_LJPEG_CORRUPT.
        let statuses = Mutex<[Int32]>(Array(repeating: 0, count: jobs.count))
        let work = jobs
        DispatchQueue.concurrentPerform(iterations: work.count) { index in
            let job = work[index], piece = job.piece
            let columns = min(piece.columns, width - piece.column)
            let out = destination + (piece.row + job.rows.lowerBound) * width + piece.column
            switch layout.compression {
            case .uncompressed:
                let stride = layout.rowBytes(columns: piece.columns)
                pk_raw_unpack_packed(source.baseAddress! + piece.offset + job.rows.lowerBound * stride, stride,
                                     Int32(layout.bitsPerSample), layout.bigEndian ? 1 : 0, job.rows.count, columns,
                                     out, width, curve)
            case .losslessJPEG:
                // The stream runs to its end-of-image marker; like LibRaw, the byte count is not relied on.
                let status = pk_raw_unpack_ljpeg(source.baseAddress! + piece.offset, source.count - piece.offset,
                                                 piece.columns, job.rows.count, columns, out, width, curve,
                                                 dng11Differences ? 1 : 0)
                if status != 0 { statuses.withLock { $0[index] = status } }
            }
        }
        let failed = statuses.withLock { $0 }
        if failed.contains(PK_LJPEG_UNSUPPORTED) { return nil }
        if let bad = failed.firstIndex(of: PK_LJPEG_CORRUPT) {
            throw ImageIOError(.corrupt, "the lossless JPEG data of \(name(work[bad].index)) is damaged or ends early", format: format)
        }
        return image
    }
}
