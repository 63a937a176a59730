import Foundation

/// Serialises Apple-shaped `{TIFF}`, `{Exif}` and `{GPS}` dictionaries into a little-endian EXIF TIFF structure
/// (IFD0 with the EXIF and GPS sub-IFD pointers). Keys this table does not know are left out.
enum EXIFWriter {
    private struct Field {
        var tag: UInt16
        var type: UInt16
        var count: Int
        var bytes: [UInt8]
    }

    /// `makerApple` (the `{MakerApple}` dictionary) becomes the Exif IFD's MakerNote (see `AppleMakerNoteWriter`).
    static func build(tiff: [String: PropertyValue], exif: [String: PropertyValue], gps: [String: PropertyValue],
                      makerApple: [String: PropertyValue] = [:]) -> Data? {
        var ifd0 = fields(tiff, group: .tiff)
        var exifFields = fields(exif, group: .exif)
        if let note = AppleMakerNoteWriter.build(makerApple) {
            exifFields.removeAll { $0.tag == 0x927C }
            exifFields.append(Field(tag: 0x927C, type: 7, count: note.count, bytes: Array(note)))
        }
        let gpsFields = fields(gps, group: .gps)
        guard !ifd0.isEmpty || !exifFields.isEmpty || !gpsFields.isEmpty else { return nil }
        // Pointers get their values once the layout is known; placeholders keep the entry counts right.
        if !exifFields.isEmpty { ifd0.append(Field(tag: TIFFStructure.exifPointer, type: 4, count: 1, bytes: [0, 0, 0, 0])) }
        if !gpsFields.isEmpty { ifd0.append(Field(tag: TIFFStructure.gpsPointer, type: 4, count: 1, bytes: [0, 0, 0, 0])) }
        let directories = [ifd0, exifFields, gpsFields].map { $0.sorted { $0.tag < $1.tag } }
        // Layout: header, then each non-empty IFD followed by its out-of-line values.
        var offsets: [Int] = []
        var cursor = 8
        for directory in directories {
            offsets.append(cursor)
            guard !directory.isEmpty else { continue }
            cursor += 2 + directory.count * 12 + 4
            for field in directory where field.bytes.count > 4 { cursor += field.bytes.count + (field.bytes.count & 1) }
        }
        var out: [UInt8] = [0x49, 0x49, 0x2A, 0x00]
        out += le32(8)
        for (index, directory) in directories.enumerated() where !directory.isEmpty {
            var valueAt = offsets[index] + 2 + directory.count * 12 + 4
            var values: [UInt8] = []
            out += le16(directory.count)
            for var field in directory {
                if field.tag == TIFFStructure.exifPointer { field.bytes = le32(offsets[1]) }
                if field.tag == TIFFStructure.gpsPointer { field.bytes = le32(offsets[2]) }
                out += le16(Int(field.tag)) + le16(Int(field.type)) + le32(field.count)
                if field.bytes.count <= 4 {
                    out += field.bytes + [UInt8](repeating: 0, count: 4 - field.bytes.count)
                } else {
                    out += le32(valueAt)
                    values += field.bytes
                    if field.bytes.count & 1 == 1 { values.append(0) }
                    valueAt += field.bytes.count + (field.bytes.count & 1)
                }
            }
            out += le32(0)
            out += values
        }
        return Data(out)
    }

    private static func fields(_ dictionary: [String: PropertyValue], group: EXIFTagTable.Group) -> [Field] {
        let table = EXIFTagTable.byKey[group] ?? [:]
        return dictionary.compactMap { key, value in
            guard let tag = table[key] else { return nil }
            return field(tag, value)
        }
    }

    private static func field(_ tag: EXIFTagTable.Tag, _ value: PropertyValue) -> Field? {
        func list(_ v: PropertyValue) -> [PropertyValue] { if case .array(let items) = v { return items } else { return [v] } }
        switch tag.kind {
        case .ascii:
            guard let text = value.stringValue ?? value.intValue.map(String.init) else { return nil }
            let bytes = Array(text.utf8) + [0]
            return Field(tag: tag.tag, type: 2, count: bytes.count, bytes: bytes)
        case .byte:
            let items = list(value).compactMap(\.intValue)
            return items.isEmpty ? nil : Field(tag: tag.tag, type: 1, count: items.count, bytes: items.map { UInt8(clamping: $0) })
        case .short:
            let items = list(value).compactMap(\.intValue)
            return items.isEmpty ? nil : Field(tag: tag.tag, type: 3, count: items.count, bytes: items.flatMap { le16($0) })
        case .long:
            let items = list(value).compactMap(\.intValue)
            return items.isEmpty ? nil : Field(tag: tag.tag, type: 4, count: items.count, bytes: items.flatMap { le32($0) })
        case .rational, .srational:
            let items = list(value).compactMap(\.doubleValue)
            guard !items.isEmpty else { return nil }
            let signed = tag.kind == .srational
            return Field(tag: tag.tag, type: signed ? 10 : 5, count: items.count, bytes: items.flatMap { rational($0, signed: signed) })
        case .undefined:
            if let number = value.intValue, value.stringValue == nil { return Field(tag: tag.tag, type: 7, count: 1, bytes: [UInt8(clamping: number)]) }
            guard let text = value.stringValue else { return nil }
            let bytes = Array("ASCII\0\0\0".utf8) + Array(text.utf8)
            return Field(tag: tag.tag, type: 7, count: bytes.count, bytes: bytes)
        case .userComment:
            guard let text = value.stringValue else { return nil }
            let bytes = Array("ASCII\0\0\0".utf8) + Array(text.utf8)
            return Field(tag: tag.tag, type: 7, count: bytes.count, bytes: bytes)
        case .version:
            let parts = list(value).compactMap(\.intValue) + [0, 0, 0]
            let text = String(format: "%02d%d%d", parts[0], parts[1], parts[2])
            return Field(tag: tag.tag, type: 7, count: 4, bytes: Array(text.utf8.prefix(4)))
        case .byteArray:
            let items = list(value).compactMap(\.intValue)
            let type: UInt16 = tag.group == .gps ? 1 : 7
            return items.isEmpty ? nil : Field(tag: tag.tag, type: type, count: items.count, bytes: items.map { UInt8(clamping: $0) })
        case .gpsCoordinate:
            guard let degrees = value.doubleValue.map(abs), degrees.isFinite else { return nil }
            let whole = degrees.rounded(.down), minutes = ((degrees - whole) * 60).rounded(.down)
            let seconds = ((degrees - whole) * 60 - minutes) * 60
            return Field(tag: tag.tag, type: 5, count: 3, bytes: rational(whole, signed: false) + rational(minutes, signed: false)
                                                                + rational(seconds, signed: false))
        case .gpsTime:
            guard let text = value.stringValue else { return nil }
            let parts = text.split(separator: ":").compactMap { Double($0) }
            guard parts.count == 3 else { return nil }
            return Field(tag: tag.tag, type: 5, count: 3, bytes: parts.flatMap { rational($0, signed: false) })
        }
    }

    private static func le16(_ v: Int) -> [UInt8] { let u = UInt16(truncatingIfNeeded: v); return [UInt8(u & 0xFF), UInt8(u >> 8)] }
    private static func le32(_ v: Int) -> [UInt8] {
        let u = UInt32(truncatingIfNeeded: v)
        return [UInt8(u & 0xFF), UInt8((u >> 8) & 0xFF), UInt8((u >> 16) & 0xFF), UInt8(u >> 24)]
    }

    /// A rational close to `value`: denominators 1…10000 chosen so the numerator fits 32 bits. Values beyond
    /// 32 bits (a file's damaged tag can hold 1e300, or a denominator of 1e-300) are clamped, never trapped on.
    static func rational(_ value: Double, signed: Bool) -> [UInt8] {
        guard value.isFinite else { return le32(0) + le32(1) }
        let limit = signed ? Double(Int32.max) : Double(UInt32.max)
        if value > 0 && value < 1, 1 / value <= limit, abs(1 / value - (1 / value).rounded()) < 1e-6 * (1 / value) {
            return le32(1) + le32(Int((1 / value).rounded()))   // exposure times: 1/250 rather than 40/10000
        }
        var denominator = 10_000
        while denominator > 1 && abs(value * Double(denominator)) > limit { denominator /= 10 }
        if value == value.rounded() && abs(value) < limit { denominator = 1 }
        let numerator = Int(min(max((value * Double(denominator)).rounded(), -limit), limit))
        if signed { return le32(Int(Int32(clamping: numerator))) + le32(denominator) }
        return le32(Int(UInt32(clamping: max(0, numerator)))) + le32(denominator)
    }
}
