import Foundation

/// Writes small Bayer DNGs for tests: an RGGB mosaic of given values, uncompressed (any bit depth from 8 to 16)
/// or lossless JPEG (any predictor, one or two components a tile row, restart intervals), in strips or tiles,
/// either byte order, with an optional linearization table.
struct TestDNGWriter {
    enum Storage { case uncompressed, losslessJPEG(predictor: Int, components: Int, restartRows: Int) }

    var width: Int
    var height: Int
    var bits: Int
    var storage: Storage = .uncompressed
    /// Rows per strip (nil: one strip), or tile width and length (then strips are not used).
    var rowsPerStrip: Int? = nil
    var tile: (width: Int, length: Int)? = nil
    var bigEndian = false
    var linearization: [UInt16]? = nil
    var dngVersion: [UInt8] = [1, 4, 0, 0]

    /// The file for `values` (`width × height`, row-major).
    func write(_ values: [UInt16]) -> Data {
        precondition(values.count == width * height)
        // The pieces: (row, column, rows, columns) and their bytes.
        var pieces: [(Int, Int, Int, Int)] = []
        if let tile {
            for row in stride(from: 0, to: height, by: tile.length) {
                for column in stride(from: 0, to: width, by: tile.width) { pieces.append((row, column, tile.length, tile.width)) }
            }
        } else {
            let rows = rowsPerStrip ?? height
            for row in stride(from: 0, to: height, by: rows) { pieces.append((row, 0, min(rows, height - row), width)) }
        }
        let encoded = pieces.map { row, column, rows, columns -> [UInt8] in
            // Tiles reach past the image's edges: padded with the edge values.
            var samples: [UInt16] = []
            for r in 0..<rows { for c in 0..<columns { samples.append(values[min(row + r, height - 1) * width + min(column + c, width - 1)]) } }
            switch storage {
            case .uncompressed: return pack(samples, columns: columns)
            case .losslessJPEG(let predictor, let components, let restartRows):
                return LosslessJPEGEncoder(bits: bits, predictor: predictor, components: components, restartRows: restartRows)
                    .encode(samples, rows: rows, columns: columns)
            }
        }

        var tags: [(UInt16, UInt16, [Int])] = []   // tag, type, values (RATIONAL/SRATIONAL as pairs)
        let compression: Int = if case .uncompressed = storage { 1 } else { 7 }
        tags += [(254, 4, [0]), (256, 4, [width]), (257, 4, [height]), (258, 3, [bits]), (259, 3, [compression]),
                 (262, 3, [32803]), (271, 2, []), (272, 2, []), (274, 3, [1]), (277, 3, [1]), (284, 3, [1]),
                 (33421, 3, [2, 2]), (33422, 1, [0, 1, 1, 2]), (50706, 1, dngVersion.map(Int.init)), (50707, 1, [1, 1, 0, 0]),
                 (50708, 2, []), (50710, 1, [0, 1, 2]), (50711, 3, [1]), (50714, 4, [64]), (50717, 4, [(1 << bits) - 1]),
                 (50721, 10, [10000, 10000, 0, 10000, 0, 10000, 0, 10000, 10000, 10000, 0, 10000, 0, 10000, 0, 10000, 10000, 10000]),
                 (50728, 5, [10000, 10000, 10000, 10000, 10000, 10000]), (50778, 3, [21])]
        if let linearization { tags.append((50712, 3, linearization.map(Int.init))) }
        let offsetsTag: UInt16 = tile == nil ? 273 : 324, countsTag: UInt16 = tile == nil ? 279 : 325
        if let tile { tags += [(322, 4, [tile.width]), (323, 4, [tile.length])] } else { tags.append((278, 4, [rowsPerStrip ?? height])) }
        tags += [(offsetsTag, 4, Array(repeating: 0, count: pieces.count)), (countsTag, 4, encoded.map(\.count))]
        tags.sort { $0.0 < $1.0 }
        let strings: [UInt16: String] = [271: "PhotoKitLinux", 272: "test sensor", 50708: "PhotoKitLinux test sensor"]

        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8 & 255), UInt8(v & 255)] : [UInt8(v & 255), UInt8(v >> 8 & 255)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? [24, 16, 8, 0].map { UInt8(v >> $0 & 255) } : [0, 8, 16, 24].map { UInt8(v >> $0 & 255) } }
        func valueBytes(_ tag: UInt16, _ type: UInt16, _ values: [Int]) -> [UInt8] {
            switch type {
            case 2: return Array((strings[tag] ?? "").utf8) + [0]
            case 1: return values.map { UInt8($0) }
            case 3: return values.flatMap(u16)
            default: return values.flatMap(u32)   // LONG, and RATIONAL/SRATIONAL as numerator, denominator pairs
            }
        }
        let ifdSize = 2 + tags.count * 12 + 4
        var out: [UInt8] = bigEndian ? [0x4D, 0x4D, 0, 42] : [0x49, 0x49, 42, 0]
        out += u32(8)
        var extra: [UInt8] = [], extraStart = 8 + ifdSize
        var offsetsField = 0
        var entries: [UInt8] = u16(tags.count)
        for (tag, type, values) in tags {
            let bytes = valueBytes(tag, type, values)
            let count = type == 2 ? bytes.count : (type == 5 || type == 10 ? values.count / 2 : values.count)
            entries += u16(Int(tag)) + u16(Int(type)) + u32(count)
            if tag == offsetsTag { offsetsField = bytes.count <= 4 ? 8 + entries.count : extraStart + extra.count }
            if bytes.count <= 4 { entries += bytes + Array(repeating: 0, count: 4 - bytes.count) }
            else {
                entries += u32(extraStart + extra.count)
                extra += bytes
                if extra.count % 2 == 1 { extra.append(0) }
            }
        }
        entries += u32(0)
        out += entries + extra
        var offsets: [Int] = []
        // Back to back, as cameras write them (LibRaw 0.20 reads uncompressed strips as one run of bytes).
        for piece in encoded { offsets.append(out.count); out += piece }
        // Patch the piece offsets in.
        let patched = offsets.flatMap(u32)
        out.replaceSubrange(offsetsField..<(offsetsField + patched.count), with: patched)
        return Data(out)
    }

    private func pack(_ samples: [UInt16], columns: Int) -> [UInt8] {
        var out: [UInt8] = []
        for rowStart in stride(from: 0, to: samples.count, by: columns) {
            if bits == 16 {
                for v in samples[rowStart..<(rowStart + columns)] {
                    out += bigEndian ? [UInt8(v >> 8), UInt8(v & 255)] : [UInt8(v & 255), UInt8(v >> 8)]
                }
                continue
            }
            var buffer = 0, count = 0
            for v in samples[rowStart..<(rowStart + columns)] {
                buffer = buffer << bits | Int(v); count += bits
                while count >= 8 { count -= 8; out.append(UInt8(buffer >> count & 255)) }
            }
            if count > 0 { out.append(UInt8(buffer << (8 - count) & 255)) }
        }
        return out
    }
}

/// A lossless JPEG (ITU T.81 process 14) encoder for test streams: `components` samples interleaved a column
/// (a row of `columns` samples is coded as `columns / components` columns), one Huffman table whose codes run
/// from 2 to 15 bits (so long codes occur), predictions as LibRaw decodes them.
struct LosslessJPEGEncoder {
    var bits: Int
    var predictor: Int
    var components: Int
    var restartRows: Int   // 0: no restart markers

    /// Code lengths for difference categories 0…16.
    static let lengths = [2, 3, 3, 3, 4, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]

    func encode(_ samples: [UInt16], rows: Int, columns: Int) -> [UInt8] {
        precondition(columns % components == 0)
        let wide = columns / components
        var out: [UInt8] = [0xFF, 0xD8]
        func segment(_ marker: UInt8, _ body: [UInt8]) { out += [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 255)] + body }
        var frame: [UInt8] = [UInt8(bits), UInt8(rows >> 8), UInt8(rows & 255), UInt8(wide >> 8), UInt8(wide & 255), UInt8(components)]
        for c in 0..<components { frame += [UInt8(c + 1), 0x11, 0] }
        segment(0xC3, frame)
        // Canonical codes for the lengths.
        var counts = [UInt8](repeating: 0, count: 16)
        for l in Self.lengths { counts[l - 1] += 1 }
        let order = (0...16).sorted { (Self.lengths[$0], $0) < (Self.lengths[$1], $1) }
        segment(0xC4, [0] + counts + order.map { UInt8($0) })
        var codes = [Int](repeating: 0, count: 17)
        var code = 0, length = 1
        for symbol in order {
            while length < Self.lengths[symbol] { code <<= 1; length += 1 }
            codes[symbol] = code; code += 1
        }
        if restartRows > 0 { segment(0xDD, [UInt8((restartRows * wide) >> 8), UInt8((restartRows * wide) & 255)]) }
        var scan: [UInt8] = [UInt8(components)]
        for c in 0..<components { scan += [UInt8(c + 1), 0] }
        scan += [UInt8(predictor), 0, 0]
        segment(0xDA, scan)

        var buffer = 0, count = 0
        func put(_ value: Int, _ n: Int) {
            guard n > 0 else { return }
            buffer = buffer << n | (value & ((1 << n) - 1)); count += n
            while count >= 8 {
                count -= 8
                let byte = UInt8(buffer >> count & 255)
                out.append(byte)
                if byte == 0xFF { out.append(0) }
            }
            buffer &= (1 << count) - 1
        }
        func flush() { if count > 0 { put((1 << (8 - count)) - 1, 8 - count) } }
        var vpred = [Int](repeating: 0, count: components)
        var previous = [UInt16](repeating: 0, count: columns), current = previous
        var marker = 0
        for row in 0..<rows {
            if row == 0 || (restartRows > 0 && row % restartRows == 0) {
                if row > 0 { flush(); out += [0xFF, UInt8(0xD0 + marker % 8)]; marker += 1 }
                vpred = [Int](repeating: 1 << (bits - 1), count: components)
            }
            for i in 0..<columns {
                let c = i % components, column = i / components
                let value = Int(samples[row * columns + i])
                var pred: Int
                if column > 0 { pred = Int(current[i - components]) } else { pred = vpred[c] }
                if row > 0 && column > 0 {
                    let up = Int(previous[i]), upLeft = Int(previous[i - components])
                    switch predictor {
                    case 1: break
                    case 2: pred = up
                    case 3: pred = upLeft
                    case 4: pred = pred + up - upLeft
                    case 5: pred = pred + ((up - upLeft) >> 1)
                    case 6: pred = up + ((pred - upLeft) >> 1)
                    default: pred = (pred + up) >> 1
                    }
                }
                var diff = (value - pred) & 0xFFFF
                if diff >= 0x8000 { diff -= 0x10000 }
                if column == 0 { vpred[c] += diff }
                if diff == -32768 {
                    put(codes[16], Self.lengths[16])
                } else {
                    let category = diff == 0 ? 0 : (Int.bitWidth - abs(diff).leadingZeroBitCount)
                    put(codes[category], Self.lengths[category])
                    put(diff >= 0 ? diff : diff - 1, category)
                }
                current[i] = UInt16(value)
            }
            swap(&previous, &current)
        }
        flush()
        out += [0xFF, 0xD9]
        return out
    }
}
