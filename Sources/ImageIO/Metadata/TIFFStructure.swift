import Foundation

/// A bounds-checked, loop-safe view of a TIFF structure (the body of an EXIF block, or a whole TIFF/DNG file):
/// image file directories and their entries, values read on demand. Damaged structures yield what is readable —
/// entries pointing outside the data are dropped, IFD chains that loop are cut, absurd entry counts are refused.
struct TIFFStructure {
    /// One directory entry.
    struct Entry {
        var tag: UInt16
        var type: UInt16
        var count: Int
        /// Offset of the value bytes within the data (inline values point into the entry itself).
        var valueOffset: Int
        /// Offset of the 4-byte value/offset field of the entry (what a patch rewrites for inline values).
        var fieldOffset: Int
        var byteCount: Int { count * TIFFStructure.size(ofType: type) }
    }

    let data: Data
    let bigEndian: Bool

    /// Sub-IFD pointer tags and the group each leads to.
    static let exifPointer: UInt16 = 0x8769
    static let gpsPointer: UInt16 = 0x8825
    static let interopPointer: UInt16 = 0xA005

    /// Parses the byte-order header; `nil` when `data` does not start with "II*\0" or "MM\0*".
    init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(4))
        guard bytes.count == 4 else { return nil }
        if bytes == [0x49, 0x49, 0x2A, 0x00] { bigEndian = false }
        else if bytes == [0x4D, 0x4D, 0x00, 0x2A] { bigEndian = true }
        else { return nil }
        self.data = data.startIndex == 0 ? data : Data(data)
    }

    /// A structure without a TIFF header (maker notes): offsets are relative to the start of `data`.
    init(raw data: Data, bigEndian: Bool) {
        self.bigEndian = bigEndian
        self.data = data.startIndex == 0 ? data : Data(data)
    }

    static func size(ofType type: UInt16) -> Int {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 11, 13: 4
        case 5, 10, 12, 16, 17, 18: 8
        default: 0
        }
    }

    func u8(_ at: Int) -> UInt8? { at >= 0 && at < data.count ? data[at] : nil }
    func u16(_ at: Int) -> UInt16? {
        guard at >= 0, at + 2 <= data.count else { return nil }
        let a = UInt16(data[at]), b = UInt16(data[at + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }
    func u32(_ at: Int) -> UInt32? {
        guard at >= 0, at + 4 <= data.count else { return nil }
        let b0 = UInt32(data[at]), b1 = UInt32(data[at + 1]), b2 = UInt32(data[at + 2]), b3 = UInt32(data[at + 3])
        return bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
    }

    /// Offset of IFD0.
    var firstIFDOffset: Int? { u32(4).map(Int.init) }

    /// The entries of the IFD at `offset` and the offset of the next IFD (0 when none). `nil` for an IFD that
    /// does not fit the data or claims more entries than it could hold.
    func directory(at offset: Int) -> (entries: [Entry], next: Int)? {
        guard offset >= 2, let count = u16(offset).map(Int.init), count > 0, count <= 4096,
              offset + 2 + count * 12 <= data.count else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for i in 0..<count {
            let e = offset + 2 + i * 12
            guard let tag = u16(e), let type = u16(e + 2), let rawCount = u32(e + 4) else { break }
            let unit = Self.size(ofType: type)
            guard unit > 0, rawCount > 0, Int(rawCount) <= data.count / unit else { continue }
            let count = Int(rawCount)
            let bytes = count * unit
            let valueOffset: Int
            if bytes <= 4 { valueOffset = e + 8 }
            else {
                guard let pointer = u32(e + 8).map(Int.init), pointer >= 2, pointer + bytes <= data.count else { continue }
                valueOffset = pointer
            }
            entries.append(Entry(tag: tag, type: type, count: count, valueOffset: valueOffset, fieldOffset: e + 8))
        }
        let next = u32(offset + 2 + count * 12).map(Int.init) ?? 0
        return (entries, next)
    }

    /// IFD0, its EXIF, GPS and Interoperability sub-IFDs and IFD1 (the thumbnail), each visited at most once.
    func standardDirectories() -> Directories {
        var result = Directories()
        var visited = Set<Int>()
        func load(_ offset: Int?) -> [Entry]? {
            guard let offset, offset > 0, visited.insert(offset).inserted else { return nil }
            return directory(at: offset)?.entries
        }
        guard let first = firstIFDOffset, visited.insert(first).inserted, let ifd0 = directory(at: first) else { return result }
        result.ifd0 = ifd0.entries
        if ifd0.next > 0, visited.insert(ifd0.next).inserted { result.ifd1 = directory(at: ifd0.next)?.entries ?? [] }
        result.exif = load(pointer(in: result.ifd0, tag: Self.exifPointer)) ?? []
        result.gps = load(pointer(in: result.ifd0, tag: Self.gpsPointer)) ?? []
        result.interop = load(pointer(in: result.exif, tag: Self.interopPointer)) ?? []
        return result
    }

    /// The directories of an EXIF block.
    struct Directories {
        var ifd0: [Entry] = []
        var exif: [Entry] = []
        var gps: [Entry] = []
        var interop: [Entry] = []
        var ifd1: [Entry] = []
    }

    func pointer(in entries: [Entry], tag: UInt16) -> Int? {
        entries.first { $0.tag == tag }.flatMap { integers($0).first }
    }

    // MARK: Values

    /// Unsigned/signed integer values (BYTE, SHORT, LONG and their signed forms, IFD pointers).
    func integers(_ e: Entry, limit: Int = 1 << 16) -> [Int] {
        (0..<min(e.count, limit)).compactMap { i -> Int? in
            switch e.type {
            case 1, 7: u8(e.valueOffset + i).map(Int.init)
            case 6: u8(e.valueOffset + i).map { Int(Int8(bitPattern: $0)) }
            case 3: u16(e.valueOffset + 2 * i).map(Int.init)
            case 8: u16(e.valueOffset + 2 * i).map { Int(Int16(bitPattern: $0)) }
            case 4, 13: u32(e.valueOffset + 4 * i).map(Int.init)
            case 9: u32(e.valueOffset + 4 * i).map { Int(Int32(bitPattern: $0)) }
            default: nil
            }
        }
    }

    /// Numeric values as doubles (rationals divided out; a zero denominator gives no value).
    func doubles(_ e: Entry, limit: Int = 1 << 16) -> [Double] {
        switch e.type {
        case 5, 10:
            return (0..<min(e.count, limit)).compactMap { i -> Double? in
                guard let n = u32(e.valueOffset + 8 * i), let d = u32(e.valueOffset + 8 * i + 4), d != 0 else { return nil }
                return e.type == 5 ? Double(n) / Double(d) : Double(Int32(bitPattern: n)) / Double(Int32(bitPattern: d))
            }
        case 11:
            return (0..<min(e.count, limit)).compactMap { i in u32(e.valueOffset + 4 * i).map { Double(Float(bitPattern: $0)) } }
        case 12:
            return (0..<min(e.count, limit)).compactMap { i -> Double? in
                guard let hi = u32(e.valueOffset + 8 * i), let lo = u32(e.valueOffset + 8 * i + 4) else { return nil }
                return Double(bitPattern: bigEndian ? UInt64(hi) << 32 | UInt64(lo) : UInt64(lo) << 32 | UInt64(hi))
            }
        default:
            return integers(e, limit: limit).map(Double.init)
        }
    }

    /// The raw value bytes.
    func bytes(_ e: Entry) -> Data {
        data.subdata(in: e.valueOffset..<(e.valueOffset + e.byteCount))
    }

    /// ASCII text (up to the first NUL, trimmed), falling back to Latin-1 for invalid UTF-8.
    func string(_ e: Entry) -> String? {
        var raw = [UInt8](bytes(e))
        if let nul = raw.firstIndex(of: 0) { raw.removeSubrange(nul...) }
        let text = String(validating: raw, as: UTF8.self) ?? String(raw.map { Character(Unicode.Scalar($0)) })
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }
}
