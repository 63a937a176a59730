import Foundation

extension FixtureImages {
    /// A baseline JPEG (``jpeg(width:height:seed:quality:)``) carrying an EXIF block with the given camera make
    /// and model (IFD0 `Make`/`Model`) and GPS position (decimal degrees, negative for south and west); fields
    /// left nil are not written. What a camera's file says about itself, without the shared corpus.
    public static func jpeg(seed: Int = 0, make: String?, model: String?, latitude: Double? = nil, longitude: Double? = nil) -> Data {
        let plain = [UInt8](jpeg(seed: seed))
        let tiff = ExifBlock.tiff(make: make, model: model, latitude: latitude, longitude: longitude)
        let payload = Array("Exif\0\0".utf8) + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        // After SOI and the JFIF APP0 segment TurboJPEG writes, where cameras put theirs.
        var at = 2
        if plain.count > 6, plain[2] == 0xFF, plain[3] == 0xE0 { at = 4 + (Int(plain[4]) << 8 | Int(plain[5])) }
        return Data(plain[..<at] + segment + plain[at...])
    }
}

/// A little-endian TIFF structure holding IFD0 (Make, Model, a GPS pointer) and a GPS IFD.
private enum ExifBlock {
    struct Entry {
        var tag: UInt16
        var type: UInt16   // 2 ASCII, 4 LONG, 5 RATIONAL
        var count: UInt32
        var payload: [UInt8]
    }

    static func tiff(make: String?, model: String?, latitude: Double?, longitude: Double?) -> [UInt8] {
        var ifd0: [Entry] = []
        if let make { ifd0.append(ascii(0x010F, make)) }
        if let model { ifd0.append(ascii(0x0110, model)) }
        var gps: [Entry] = []
        if let latitude, let longitude {
            gps = [ascii(0x0001, latitude < 0 ? "S" : "N"), degrees(0x0002, abs(latitude)),
                   ascii(0x0003, longitude < 0 ? "W" : "E"), degrees(0x0004, abs(longitude))]
            // The pointer's value is filled in below, once IFD0's size is known.
            ifd0.append(Entry(tag: 0x8825, type: 4, count: 1, payload: [0, 0, 0, 0]))
        }
        let gpsOffset = 8 + size(of: ifd0)
        if !gps.isEmpty { ifd0[ifd0.count - 1].payload = le32(UInt32(gpsOffset)) }
        var out: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + le32(8)
        write(ifd0, into: &out)
        if !gps.isEmpty { write(gps, into: &out) }
        return out
    }

    static func ascii(_ tag: UInt16, _ text: String) -> Entry {
        let bytes = Array(text.utf8) + [0]
        return Entry(tag: tag, type: 2, count: UInt32(bytes.count), payload: bytes)
    }

    /// Degrees, minutes and seconds as three rationals (seconds to 1/10000).
    static func degrees(_ tag: UInt16, _ value: Double) -> Entry {
        let whole = value.rounded(.down)
        let minutes = ((value - whole) * 60).rounded(.down)
        let seconds = ((value - whole) * 60 - minutes) * 60
        let parts: [(UInt32, UInt32)] = [(UInt32(whole), 1), (UInt32(minutes), 1), (UInt32((seconds * 10_000).rounded()), 10_000)]
        return Entry(tag: tag, type: 5, count: 3, payload: parts.flatMap { le32($0.0) + le32($0.1) })
    }

    /// Bytes an IFD takes: count, entries, next-IFD offset, and the values that do not fit in an entry.
    static func size(of entries: [Entry]) -> Int {
        2 + entries.count * 12 + 4 + entries.reduce(0) { $0 + ($1.payload.count > 4 ? padded($1.payload.count) : 0) }
    }

    static func padded(_ count: Int) -> Int { (count + 1) & ~1 }

    /// Appends an IFD (entries in tag order) and its out-of-line values at the end of `out`.
    static func write(_ entries: [Entry], into out: inout [UInt8]) {
        let start = out.count
        var dataOffset = start + 2 + entries.count * 12 + 4
        var data: [UInt8] = []
        out += le16(UInt16(entries.count))
        for entry in entries.sorted(by: { $0.tag < $1.tag }) {
            out += le16(entry.tag) + le16(entry.type) + le32(entry.count)
            if entry.payload.count <= 4 {
                out += entry.payload + [UInt8](repeating: 0, count: 4 - entry.payload.count)
            } else {
                out += le32(UInt32(dataOffset))
                let bytes = entry.payload + [UInt8](repeating: 0, count: padded(entry.payload.count) - entry.payload.count)
                data += bytes
                dataOffset += bytes.count
            }
        }
        out += le32(0)
        out += data
    }

    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
}
