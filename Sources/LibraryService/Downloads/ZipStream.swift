import Foundation

/// Writes a ZIP archive as a stream, one stored (uncompressed) entry after another, without knowing any CRC in
/// advance: each entry's CRC-32 and sizes follow its bytes in a data descriptor (general-purpose flag bit 3), and
/// the central directory comes last. Every entry and the archive carry Zip64 fields, so archives past 4 GiB or
/// 65,535 entries are valid; names are UTF-8 (flag bit 11). Photos and videos are already compressed, so
/// entries are stored, as Apple's Photos and Google Photos do for downloads.
struct ZipStream {
    private struct Entry {
        let name: [UInt8]
        let offset: UInt64
        var crc: UInt32 = 0
        var size: UInt64 = 0
        let dosTime: UInt16
        let dosDate: UInt16
    }

    private var entries: [Entry] = []
    /// Bytes written so far (the next header's offset).
    private(set) var written: UInt64 = 0
    private var crc = CRC32()

    /// The local header of a new entry named `name`, modified at `date`. Its bytes follow through `data(_:)`.
    mutating func beginEntry(named name: String, modified date: Date) -> [UInt8] {
        let (time, day) = Self.dosDateTime(date)
        let entry = Entry(name: Array(name.utf8), offset: written, dosTime: time, dosDate: day)
        var header = ByteWriter()
        header.u32(0x0403_4B50)
        header.u16(45)                 // version needed: Zip64
        header.u16(0x0808)             // data descriptor follows; UTF-8 names
        header.u16(0)                  // stored
        header.u16(entry.dosTime); header.u16(entry.dosDate)
        header.u32(0)                  // CRC-32: in the data descriptor
        header.u32(0xFFFF_FFFF); header.u32(0xFFFF_FFFF)   // sizes: in the Zip64 extra field / data descriptor
        header.u16(UInt16(entry.name.count))
        header.u16(20)                 // extra field length
        header.bytes(entry.name)
        header.u16(0x0001); header.u16(16); header.u64(0); header.u64(0)   // Zip64: sizes unknown yet
        entries.append(entry)
        crc = CRC32()
        written += UInt64(header.bytes.count)
        return header.bytes
    }

    /// Accounts for a chunk of the current entry's bytes (the caller sends the chunk itself).
    mutating func data(_ chunk: Data) {
        crc.update(chunk)
        entries[entries.count - 1].size += UInt64(chunk.count)
        written += UInt64(chunk.count)
    }

    /// The data descriptor closing the current entry.
    mutating func endEntry() -> [UInt8] {
        entries[entries.count - 1].crc = crc.value
        let entry = entries[entries.count - 1]
        var descriptor = ByteWriter()
        descriptor.u32(0x0807_4B50)
        descriptor.u32(entry.crc)
        descriptor.u64(entry.size); descriptor.u64(entry.size)
        written += UInt64(descriptor.bytes.count)
        return descriptor.bytes
    }

    /// The central directory, the Zip64 end records and the classic end record.
    mutating func finish() -> [UInt8] {
        var out = ByteWriter()
        let directoryStart = written
        for entry in entries {
            out.u32(0x0201_4B50)
            out.u16(0x031E)            // made by: Unix, 3.0
            out.u16(45)
            out.u16(0x0808)
            out.u16(0)
            out.u16(entry.dosTime); out.u16(entry.dosDate)
            out.u32(entry.crc)
            out.u32(0xFFFF_FFFF); out.u32(0xFFFF_FFFF)
            out.u16(UInt16(entry.name.count))
            out.u16(28)                // extra: Zip64 with sizes and offset
            out.u16(0)                 // comment
            out.u16(0)                 // disk
            out.u16(0)                 // internal attributes
            out.u32(0o100644 << 16)    // external attributes: a regular file, rw-r--r--
            out.u32(0xFFFF_FFFF)       // offset: in the Zip64 field
            out.bytes(entry.name)
            out.u16(0x0001); out.u16(24); out.u64(entry.size); out.u64(entry.size); out.u64(entry.offset)
        }
        let directorySize = UInt64(out.bytes.count)
        let zip64End = directoryStart + directorySize
        out.u32(0x0606_4B50); out.u64(44)
        out.u16(0x031E); out.u16(45); out.u32(0); out.u32(0)
        out.u64(UInt64(entries.count)); out.u64(UInt64(entries.count))
        out.u64(directorySize); out.u64(directoryStart)
        out.u32(0x0706_4B50); out.u32(0); out.u64(zip64End); out.u32(1)
        out.u32(0x0605_4B50); out.u16(0); out.u16(0)
        out.u16(0xFFFF); out.u16(0xFFFF); out.u32(0xFFFF_FFFF); out.u32(0xFFFF_FFFF)
        out.u16(0)
        written += UInt64(out.bytes.count)
        return out.bytes
    }

    /// MS-DOS date and time (local time, two-second resolution; 1980 is the earliest).
    static func dosDateTime(_ date: Date) -> (time: UInt16, date: UInt16) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let year = max(1980, min(2107, c.year ?? 1980))
        let time = UInt16((c.hour ?? 0) << 11 | (c.minute ?? 0) << 5 | (c.second ?? 0) / 2)
        let day = UInt16((year - 1980) << 9 | (c.month ?? 1) << 5 | (c.day ?? 1))
        return (time, day)
    }
}

/// Little-endian fields.
private struct ByteWriter {
    var bytes: [UInt8] = []
    mutating func u16(_ value: UInt16) { bytes += [UInt8(value & 0xFF), UInt8(value >> 8)] }
    mutating func u32(_ value: UInt32) { for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((value >> UInt32(shift)) & 0xFF)) } }
    mutating func u64(_ value: UInt64) { for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8((value >> UInt64(shift)) & 0xFF)) } }
    mutating func bytes(_ more: [UInt8]) { bytes += more }
}

/// CRC-32 (IEEE 802.3, as ZIP uses it), table-driven.
struct CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var c = UInt32(index)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
    private var state: UInt32 = 0xFFFF_FFFF
    var value: UInt32 { state ^ 0xFFFF_FFFF }

    mutating func update(_ data: Data) {
        var c = state
        Self.table.withUnsafeBufferPointer { table in
            data.withUnsafeBytes { raw in
                for byte in raw.bindMemory(to: UInt8.self) { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
            }
        }
        state = c
    }
}
