import Foundation

/// Serialises a `{MakerApple}` dictionary (tag numbers in decimal as keys, as Apple's ImageIO takes them) into
/// Apple's maker note: "Apple iOS\0", version 1, "MM", then one big-endian IFD whose out-of-line values are
/// addressed from the note's start. This is how an app marks a still as a Live Photo's (`"17"`: the content
/// identifier, MakerNote tag 0x0011) when it writes it with `CGImageDestination`.
///
/// Strings are written as ASCII (type 2), integers as SLONG (9), other numbers as SRATIONAL (10), data as
/// UNDEFINED (7); keys that are not tag numbers, and arrays or dictionaries, are left out.
enum AppleMakerNoteWriter {
    static func build(_ dictionary: [String: PropertyValue]) -> Data? {
        var entries: [(tag: UInt16, type: UInt16, count: Int, bytes: [UInt8])] = []
        for (key, value) in dictionary {
            guard let tag = UInt16(key) else { continue }
            switch value {
            case .string(let text):
                let bytes = Array(text.utf8) + [0]
                entries.append((tag, 2, bytes.count, bytes))
            case .int(let number):
                entries.append((tag, 9, 1, be32(UInt32(bitPattern: Int32(clamping: number)))))
            case .bool(let flag):
                entries.append((tag, 9, 1, be32(flag ? 1 : 0)))
            case .double(let number) where number.isFinite:
                let denominator = 10_000.0
                let numerator = Int32(clamping: Int64((number * denominator).rounded()))
                entries.append((tag, 10, 1, be32(UInt32(bitPattern: numerator)) + be32(UInt32(denominator))))
            case .data(let data):
                entries.append((tag, 7, data.count, Array(data)))
            default:
                continue
            }
        }
        guard !entries.isEmpty else { return nil }
        entries.sort { $0.tag < $1.tag }
        var out = Array("Apple iOS\0".utf8) + [0, 1] + Array("MM".utf8)
        out += be16(UInt16(entries.count))
        var valueAt = out.count + entries.count * 12 + 4
        var values: [UInt8] = []
        for entry in entries {
            out += be16(entry.tag) + be16(entry.type) + be32(UInt32(entry.count))
            if entry.bytes.count <= 4 {
                out += entry.bytes + [UInt8](repeating: 0, count: 4 - entry.bytes.count)
            } else {
                out += be32(UInt32(valueAt))
                values += entry.bytes
                if entry.bytes.count & 1 == 1 { values.append(0) }
                valueAt += entry.bytes.count + (entry.bytes.count & 1)
            }
        }
        out += be32(0)
        return Data(out + values)
    }

    private static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
    private static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
}
