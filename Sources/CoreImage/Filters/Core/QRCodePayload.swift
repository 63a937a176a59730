internal import CQREncode
import Foundation
internal import OptionalLibraries

/// A QR Code drawn from its data codewords (a `CIQRCodeDescriptor`'s error-corrected payload): the bit stream
/// is read back into its segments (numeric, alphanumeric, byte, kanji, ECI), which libqrencode encodes again
/// at the descriptor's version, level and mask. The standard fixes the padding, so the data codewords, and
/// with them the symbol, are the descriptor's. Structured-append and FNC1 headers are not supported (`nil`).
enum QRCodePayload {
    /// The data codewords of `version` at `level` (ISO/IEC 18004 table 7).
    static func dataCodewords(version: Int, level: QRCodeSymbol.CorrectionLevel) -> Int {
        Int(QRspec_getDataLength(Int32(version), level.libqrencode))
    }

    /// One segment of the bit stream.
    enum Segment: Equatable {
        case numeric([UInt8]), alphanumeric([UInt8]), bytes([UInt8]), kanji([UInt8]), eci(UInt32)
    }

    /// The segments of `payload` for a `version` symbol, or `nil` when the stream is malformed or uses a mode
    /// this reader does not take.
    static func segments(_ payload: Data, version: Int) -> [Segment]? {
        let bits = payload.flatMap { byte in (0..<8).map { (byte >> (7 - $0)) & 1 } }
        var position = 0
        func read(_ count: Int) -> Int? {
            guard position + count <= bits.count else { return nil }
            defer { position += count }
            return bits[position..<position + count].reduce(0) { $0 << 1 | Int($1) }
        }
        let sizeClass = version <= 9 ? 0 : version <= 26 ? 1 : 2
        let countBits = (numeric: [10, 12, 14][sizeClass], alphanumeric: [9, 11, 13][sizeClass],
                         bytes: [8, 16, 16][sizeClass], kanji: [8, 10, 12][sizeClass])
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8)
        var segments: [Segment] = []
        while bits.count - position >= 4, let mode = read(4), mode != 0 {
            switch mode {
            case 0b0001:
                guard var count = read(countBits.numeric) else { return nil }
                var digits: [UInt8] = []
                while count > 0 {
                    let take = min(count, 3)
                    guard let value = read([0, 4, 7, 10][take]) else { return nil }
                    let text = String(value)
                    guard text.count <= take else { return nil }
                    digits += Array(String(repeating: "0", count: take - text.count).utf8) + Array(text.utf8)
                    count -= take
                }
                segments.append(.numeric(digits))
            case 0b0010:
                guard var count = read(countBits.alphanumeric) else { return nil }
                var characters: [UInt8] = []
                while count > 0 {
                    if count >= 2 {
                        guard let value = read(11), value / 45 < 45 else { return nil }
                        characters += [alphabet[value / 45], alphabet[value % 45]]
                        count -= 2
                    } else {
                        guard let value = read(6), value < 45 else { return nil }
                        characters.append(alphabet[value])
                        count -= 1
                    }
                }
                segments.append(.alphanumeric(characters))
            case 0b0100:
                guard let count = read(countBits.bytes) else { return nil }
                var bytes: [UInt8] = []
                for _ in 0..<count { guard let byte = read(8) else { return nil }; bytes.append(UInt8(byte)) }
                segments.append(.bytes(bytes))
            case 0b1000:
                guard let count = read(countBits.kanji) else { return nil }
                var bytes: [UInt8] = []
                for _ in 0..<count {
                    guard let value = read(13) else { return nil }
                    let packed = (value / 0xC0) << 8 | (value % 0xC0)
                    let sjis = packed + (packed < 0x1F00 ? 0x8140 : 0xC140)
                    bytes += [UInt8(sjis >> 8), UInt8(sjis & 0xFF)]
                }
                segments.append(.kanji(bytes))
            case 0b0111:
                guard let first = read(1) else { return nil }
                let designator: Int?
                if first == 0 { designator = read(7) }
                else if read(1) == 0 { designator = read(14) }
                else if read(1) == 0 { designator = read(21) }
                else { return nil }
                guard let designator else { return nil }
                segments.append(.eci(UInt32(designator)))
            default:
                return nil
            }
        }
        return segments.isEmpty ? nil : segments
    }

    /// The symbol for a descriptor's payload, or `nil` when its segments cannot be read or do not fit.
    static func symbol(payload: Data, version: Int, mask: Int, level: QRCodeSymbol.CorrectionLevel) -> QRCodeSymbol? {
        guard (1...40).contains(version), (0...7).contains(mask), OptionalLibrary.qrencode.loadOrWarn(),
              let segments = segments(payload, version: version),
              let input = QRinput_new2(Int32(version), level.libqrencode) else { return nil }
        defer { QRinput_free(input) }
        for segment in segments {
            let status: Int32
            switch segment {
            case .numeric(let d): status = QRinput_append(input, QR_MODE_NUM, Int32(d.count), d)
            case .alphanumeric(let a): status = QRinput_append(input, QR_MODE_AN, Int32(a.count), a)
            case .bytes(let b): status = b.isEmpty ? 0 : QRinput_append(input, QR_MODE_8, Int32(b.count), b)
            case .kanji(let k): status = QRinput_append(input, QR_MODE_KANJI, Int32(k.count), k)
            case .eci(let e): status = QRinput_appendECIheader(input, e)
            }
            guard status == 0 else { return nil }
        }
        guard let code = QRcode_encodeMask(input, Int32(mask)) else { return nil }
        defer { QRcode_free(code) }
        guard Int(code.pointee.version) == version else { return nil }
        return QRCodeSymbol(code)
    }
}

extension QRCodeSymbol.CorrectionLevel {
    var libqrencode: QRecLevel {
        switch self {
        case .low: QR_ECLEVEL_L
        case .medium: QR_ECLEVEL_M
        case .quartile: QR_ECLEVEL_Q
        case .high: QR_ECLEVEL_H
        }
    }
}
