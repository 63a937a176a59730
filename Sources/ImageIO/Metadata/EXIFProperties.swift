import Foundation

/// Turns an EXIF block (or a TIFF file's own IFDs) into Apple's `{TIFF}`, `{Exif}`, `{GPS}` and `{MakerApple}`
/// dictionaries. Unknown tags are left out, as Apple does; damaged entries are skipped.
enum EXIFProperties {
    struct Dictionaries {
        var tiff: [String: PropertyValue] = [:]
        var exif: [String: PropertyValue] = [:]
        var gps: [String: PropertyValue] = [:]
        var makerApple: [String: PropertyValue] = [:]
    }

    static func read(_ block: Data) -> Dictionaries {
        var result = Dictionaries()
        guard let tiff = TIFFStructure(block) else { return result }
        let directories = tiff.standardDirectories()
        result.tiff = values(directories.ifd0, group: .tiff, in: tiff)
        result.exif = values(directories.exif, group: .exif, in: tiff)
        result.gps = values(directories.gps, group: .gps, in: tiff)
        if let note = directories.exif.first(where: { $0.tag == 0x927C }) { result.makerApple = appleMakerNote(tiff.bytes(note)) }
        return result
    }

    static func values(_ entries: [TIFFStructure.Entry], group: EXIFTagTable.Group, in tiff: TIFFStructure) -> [String: PropertyValue] {
        var result: [String: PropertyValue] = [:]
        let table = EXIFTagTable.byTag[group] ?? [:]
        for entry in entries {
            guard let tag = table[entry.tag], let value = value(entry, kind: tag.kind, in: tiff) else { continue }
            result[tag.key] = value
        }
        return result
    }

    static func value(_ e: TIFFStructure.Entry, kind: EXIFTagTable.Kind, in tiff: TIFFStructure) -> PropertyValue? {
        func numbers(_ list: [Double], integral: Bool) -> PropertyValue? {
            guard !list.isEmpty else { return nil }
            let mapped = list.map { integral ? PropertyValue.int(Int($0)) : .double($0) }
            return mapped.count == 1 ? mapped[0] : .array(mapped)
        }
        switch kind {
        case .ascii:
            if e.type == 2 || e.type == 7 || e.type == 1 { return tiff.string(e).map(PropertyValue.string) }
            return numbers(tiff.doubles(e), integral: true)
        case .byte, .short, .long:
            if e.type == 5 || e.type == 10 { return numbers(tiff.doubles(e), integral: false) }
            return numbers(tiff.integers(e, limit: 256).map(Double.init), integral: true)
        case .rational, .srational:
            return numbers(tiff.doubles(e, limit: 256), integral: false)
        case .undefined:
            let bytes = [UInt8](tiff.bytes(e).prefix(4096))
            if bytes.count == 1 { return .int(Int(bytes[0])) }
            return text(fromCharacterCoded: bytes).map(PropertyValue.string)
        case .userComment:
            return text(fromCharacterCoded: [UInt8](tiff.bytes(e).prefix(65536))).map(PropertyValue.string)
        case .version:
            let digits = [UInt8](tiff.bytes(e).prefix(4)).compactMap { $0 >= 0x30 && $0 <= 0x39 ? Int($0 - 0x30) : nil }
            guard digits.count == 4 else { return nil }
            var parts = [digits[0] * 10 + digits[1], digits[2]]
            if digits[3] != 0 { parts.append(digits[3]) }
            return .array(parts.map(PropertyValue.int))
        case .byteArray:
            return .array(tiff.integers(e, limit: 16).map(PropertyValue.int))
        case .gpsCoordinate:
            let parts = tiff.doubles(e, limit: 3)
            guard !parts.isEmpty else { return nil }
            return .double(parts[0] + (parts.count > 1 ? parts[1] / 60 : 0) + (parts.count > 2 ? parts[2] / 3600 : 0))
        case .gpsTime:
            let parts = tiff.doubles(e, limit: 3)
            guard parts.count == 3, parts.allSatisfy({ $0.isFinite && $0 >= 0 && $0 < 100 }) else { return nil }
            return .string(String(format: "%02d:%02d:%05.2f", Int(parts[0]), Int(parts[1]), parts[2]))
        }
    }

    /// Text after an 8-byte character-code prefix ("ASCII\0\0\0", "UNICODE\0", …), or the bytes as text.
    static func text(fromCharacterCoded bytes: [UInt8]) -> String? {
        guard bytes.count > 8 else { return nil }
        let code = bytes.prefix(8)
        let body = Array(bytes.dropFirst(8))
        let string: String
        if code.starts(with: Array("UNICODE".utf8)) {
            let bigEndian = body.count >= 2 && body[0] == 0 && body[1] != 0
            var units: [UInt16] = []
            var i = 0
            while i + 1 < body.count {
                let high = UInt16(body[bigEndian ? i : i + 1]), low = UInt16(body[bigEndian ? i + 1 : i])
                units.append(high << 8 | low)
                i += 2
            }
            string = String(decoding: units, as: UTF16.self)
        } else {
            string = String(validating: body, as: UTF8.self) ?? String(body.map { Character(Unicode.Scalar($0)) })
        }
        let trimmed = string.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\0")))
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Apple's maker note ("Apple iOS\0", version, "MM", then an IFD with offsets from the note's start) as
    /// `{MakerApple}`: tag numbers in decimal as keys, as Apple's ImageIO reports them.
    static func appleMakerNote(_ note: Data) -> [String: PropertyValue] {
        guard note.count > 16, note.starts(with: Array("Apple iOS\0".utf8)) else { return [:] }
        let bigEndian = note[note.startIndex + 12] == 0x4D
        let structure = TIFFStructure(raw: note, bigEndian: bigEndian)
        guard let directory = structure.directory(at: 14) else { return [:] }
        var result: [String: PropertyValue] = [:]
        for entry in directory.entries {
            let value: PropertyValue?
            switch entry.type {
            case 2: value = structure.string(entry).map(PropertyValue.string)
            case 5, 10: value = structure.doubles(entry, limit: 64).first.map(PropertyValue.double)
            case 7: value = entry.byteCount <= 64 ? .data(structure.bytes(entry)) : nil
            default:
                let numbers = structure.integers(entry, limit: 64)
                value = numbers.count == 1 ? .int(numbers[0]) : numbers.isEmpty ? nil : .array(numbers.map(PropertyValue.int))
            }
            if let value { result[String(entry.tag)] = value }
        }
        return result
    }
}
