internal import CExif
import Foundation

/// The EXIF fields the inspector uses, read with libexif. Every field is optional: a damaged block
/// yields whatever could be read (libexif bounds-checks offsets and breaks IFD loops).
struct ExifMetadata {
    var orientation: Int?
    var dateTimeOriginal: String?
    var dateTimeDigitized: String?
    var subSecTimeOriginal: String?
    var subSecTimeDigitized: String?
    var offsetTimeOriginal: String?
    var offsetTimeDigitized: String?
    var offsetTime: String?
    var make: String?
    var model: String?
    var lensModel: String?
    var software: String?
    var userComment: String?
    var customRendered: Int?
    var makerNote: [UInt8]?
    var location: Location?

    /// DateTimeOriginal (else DateTimeDigitized) with its sub-seconds and offset.
    var creationDate: Date? {
        if let d = DateParsing.exif(dateTimeOriginal, subSeconds: subSecTimeOriginal, offset: offsetTimeOriginal ?? offsetTime) {
            return d
        }
        return DateParsing.exif(dateTimeDigitized, subSeconds: subSecTimeDigitized, offset: offsetTimeDigitized ?? offsetTime)
    }
}

enum EXIFReader {
    private static let exifHeader: [UInt8] = Array("Exif\0\0".utf8)

    /// Reads an EXIF block given either as "Exif\0\0" + TIFF or as a bare TIFF structure ("II*\0"/"MM\0*").
    static func read(_ block: UnsafeRawBufferPointer) -> ExifMetadata? {
        guard block.count >= 8 else { return nil }
        if block.starts(with: exifHeader) { return load(block) }
        guard block.starts(with: [0x49, 0x49, 0x2A, 0x00]) || block.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) else {
            // Some writers put a few bytes before "Exif\0\0" (e.g. HEIF's offset word): search briefly.
            if let at = find(exifHeader, in: block, limit: 64) {
                return load(UnsafeRawBufferPointer(rebasing: block[at...]))
            }
            return nil
        }
        var copy = [UInt8]()
        copy.reserveCapacity(block.count + 6)
        copy.append(contentsOf: exifHeader)
        copy.append(contentsOf: block)
        return copy.withUnsafeBytes { load($0) }
    }

    static func find(_ needle: [UInt8], in hay: UnsafeRawBufferPointer, limit: Int) -> Int? {
        guard hay.count >= needle.count else { return nil }
        for i in 0...min(limit, hay.count - needle.count) where hay[i] == needle[0] {
            if UnsafeRawBufferPointer(rebasing: hay[i..<(i + needle.count)]).elementsEqual(needle) { return i }
        }
        return nil
    }

    private static func load(_ block: UnsafeRawBufferPointer) -> ExifMetadata? {
        guard let base = block.baseAddress, block.count <= Int(UInt32.max), let data = exif_data_new() else { return nil }
        defer { exif_data_unref(data) }
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_unset_option(data, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS)
        exif_data_load_data(data, base.assumingMemoryBound(to: UInt8.self), UInt32(block.count))
        let order = exif_data_get_byte_order(data)
        let reader = EntryReader(data: data, order: order)

        var m = ExifMetadata()
        if let o = reader.integer(0x0112), (1...8).contains(o) { m.orientation = o }
        m.dateTimeOriginal = reader.string(0x9003)
        m.dateTimeDigitized = reader.string(0x9004)
        m.subSecTimeOriginal = reader.string(0x9291)
        m.subSecTimeDigitized = reader.string(0x9292)
        m.offsetTime = reader.string(0x9010)
        m.offsetTimeOriginal = reader.string(0x9011)
        m.offsetTimeDigitized = reader.string(0x9012)
        m.make = reader.string(0x010F, ifds: [EXIF_IFD_0])
        m.model = reader.string(0x0110, ifds: [EXIF_IFD_0])
        m.software = reader.string(0x0131, ifds: [EXIF_IFD_0])
        m.lensModel = reader.string(0xA434, ifds: [EXIF_IFD_EXIF])
        m.customRendered = reader.integer(0xA401, ifds: [EXIF_IFD_EXIF])
        m.userComment = reader.userComment()
        m.makerNote = reader.bytes(0x927C, ifds: [EXIF_IFD_EXIF])
        m.location = reader.gpsLocation()
        return m
    }
}

/// Typed access to libexif entries with size checks.
private struct EntryReader {
    let data: UnsafeMutablePointer<ExifData>
    let order: ExifByteOrder
    static let allIFDs: [ExifIfd] = [EXIF_IFD_0, EXIF_IFD_EXIF, EXIF_IFD_1, EXIF_IFD_GPS, EXIF_IFD_INTEROPERABILITY]

    func entry(_ tag: UInt32, ifds: [ExifIfd]) -> (ExifFormat, Int, UnsafeRawBufferPointer)? {
        for ifd in ifds {
            guard let e = cexif_entry(data, ifd, tag), let p = e.pointee.data else { continue }
            let size = Int(e.pointee.size)
            let components = Int(e.pointee.components)
            let unit = Int(exif_format_get_size(e.pointee.format))
            guard size > 0, unit == 0 || components <= size / max(unit, 1) else { continue }
            return (e.pointee.format, components, UnsafeRawBufferPointer(start: p, count: size))
        }
        return nil
    }

    func string(_ tag: UInt32, ifds: [ExifIfd] = allIFDs) -> String? {
        guard let (_, _, raw) = entry(tag, ifds: ifds) else { return nil }
        return raw.trimmedString()
    }

    func bytes(_ tag: UInt32, ifds: [ExifIfd] = allIFDs) -> [UInt8]? {
        entry(tag, ifds: ifds).map { Array($0.2) }
    }

    func integer(_ tag: UInt32, ifds: [ExifIfd] = allIFDs) -> Int? {
        guard let (format, components, raw) = entry(tag, ifds: ifds), components >= 1,
              let p = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        switch format {
        case EXIF_FORMAT_SHORT: return raw.count >= 2 ? Int(exif_get_short(p, order)) : nil
        case EXIF_FORMAT_SSHORT: return raw.count >= 2 ? Int(exif_get_sshort(p, order)) : nil
        case EXIF_FORMAT_LONG: return raw.count >= 4 ? Int(exif_get_long(p, order)) : nil
        case EXIF_FORMAT_SLONG: return raw.count >= 4 ? Int(exif_get_slong(p, order)) : nil
        case EXIF_FORMAT_BYTE, EXIF_FORMAT_UNDEFINED: return Int(raw[0])
        default: return nil
        }
    }

    func rationals(_ tag: UInt32, ifds: [ExifIfd]) -> [Double]? {
        guard let (format, components, raw) = entry(tag, ifds: ifds),
              format == EXIF_FORMAT_RATIONAL || format == EXIF_FORMAT_SRATIONAL,
              let p = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        var values: [Double] = []
        for i in 0..<min(components, raw.count / 8) {
            if format == EXIF_FORMAT_RATIONAL {
                let r = exif_get_rational(p + 8 * i, order)
                guard r.denominator != 0 else { return nil }
                values.append(Double(r.numerator) / Double(r.denominator))
            } else {
                let r = exif_get_srational(p + 8 * i, order)
                guard r.denominator != 0 else { return nil }
                values.append(Double(r.numerator) / Double(r.denominator))
            }
        }
        return values
    }

    /// UserComment: 8-byte character-code prefix, then text.
    func userComment() -> String? {
        guard let (_, _, raw) = entry(0x9286, ifds: [EXIF_IFD_EXIF]), raw.count > 8 else { return nil }
        let code = UnsafeRawBufferPointer(rebasing: raw[0..<8])
        let body = UnsafeRawBufferPointer(rebasing: raw[8...])
        if code.starts(with: Array("UNICODE".utf8)) {
            let units = stride(from: 0, to: body.count - 1, by: 2).map { i -> UInt16 in
                order == EXIF_BYTE_ORDER_MOTOROLA ? UInt16(body[i]) << 8 | UInt16(body[i + 1])
                                                  : UInt16(body[i + 1]) << 8 | UInt16(body[i])
            }
            return String(decoding: units, as: UTF16.self).trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\0")))
        }
        return body.trimmedString()
    }

    func gpsLocation() -> Location? {
        let gps: [ExifIfd] = [EXIF_IFD_GPS]
        guard let lat = rationals(2, ifds: gps), lat.count >= 1, let lon = rationals(4, ifds: gps), lon.count >= 1 else { return nil }
        func dms(_ v: [Double]) -> Double { v[0] + (v.count > 1 ? v[1] / 60 : 0) + (v.count > 2 ? v[2] / 3600 : 0) }
        var latitude = dms(lat), longitude = dms(lon)
        if string(1, ifds: gps)?.uppercased().hasPrefix("S") == true { latitude = -latitude }
        if string(3, ifds: gps)?.uppercased().hasPrefix("W") == true { longitude = -longitude }
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        var altitude = rationals(6, ifds: gps)?.first
        if altitude != nil, integer(5, ifds: gps) == 1 { altitude = -altitude! }
        var timestamp: Date?
        if let day = string(0x1D, ifds: gps), let t = rationals(7, ifds: gps), t.count == 3 {
            let whole = Int(t[2])
            let text = String(format: "%@ %02d:%02d:%02d", day, Int(t[0]), Int(t[1]), whole)
            timestamp = DateParsing.exif(text, offset: "+00:00")?.addingTimeInterval(t[2] - Double(whole))
        }
        return Location(latitude: latitude, longitude: longitude, altitude: altitude, timestamp: timestamp)
    }
}
