import Foundation

/// Reading an Aztec Code descriptor's error-corrected payload back into its message (ISO/IEC 24778 §7.3.1):
/// the data codewords (6, 8, 10 or 12 bits by layer count, packed most significant bit first) lose their
/// stuffed bits, then the bit stream is read in the Upper, Lower, Mixed, Punct and Digit modes with their
/// latches and shifts, binary shifts and FLG(n) (FNC1 becomes GS, 0x1D; ECI designators are skipped).
enum AztecPayload {
    /// Bits per codeword for a symbol of `layers` layers.
    static func codewordSize(layers: Int) -> Int {
        switch layers {
        case ...2: 6
        case ...8: 8
        case ...22: 10
        default: 12
        }
    }

    private enum Mode { case upper, lower, mixed, punct, digit }

    private static let upper = ["", " "] + (65...90).map { String(UnicodeScalar($0)) }
    private static let lower = ["", " "] + (97...122).map { String(UnicodeScalar($0)) }
    private static let mixed = ["", " "] + [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 27, 28, 29, 30, 31, 64, 92, 94, 95, 96, 124, 126, 127]
        .map { String(UnicodeScalar(UInt8($0))) }
    private static let punct = ["", "\r", "\r\n", ". ", ", ", ": "] + Array("!\"#$%&'()*+,-./:;<=>?[]{}").map { String($0) }
    private static let digit = ["", " "] + (48...57).map { String(UnicodeScalar($0)) } + [",", "."]

    /// The message bytes of `payload`, or `nil` when the codewords or the bit stream are malformed.
    static func message(_ payload: Data, layers: Int, dataCodewords: Int) -> Data? {
        let size = codewordSize(layers: layers)
        let raw = payload.flatMap { byte in (0..<8).map { (byte >> (7 - $0)) & 1 } }
        guard dataCodewords > 0, raw.count >= dataCodewords * size else { return nil }
        // Remove the stuffed bits: a codeword whose first size − 1 bits are all equal carries one extra bit.
        var bits: [UInt8] = []
        for index in 0..<dataCodewords {
            let word = raw[index * size..<(index + 1) * size]
            let head = word.dropLast()
            if head.allSatisfy({ $0 == head.first }) {
                guard word.last != head.first else { return nil }  // all zeros or all ones: not a data codeword
                bits += head
            } else {
                bits += word
            }
        }
        var position = 0
        func read(_ count: Int) -> Int? {
            guard position + count <= bits.count else { return nil }
            defer { position += count }
            return bits[position..<position + count].reduce(0) { $0 << 1 | Int($1) }
        }
        var out: [UInt8] = []
        var latched = Mode.upper
        var shifted: Mode?
        decoding: while true {
            let mode = shifted ?? latched
            shifted = nil
            guard let code = read(mode == .digit ? 4 : 5) else { break decoding }
            switch (mode, code) {
            case (.upper, 0), (.lower, 0), (.mixed, 0), (.digit, 0): shifted = .punct
            case (.upper, 28), (.mixed, 28): latched = .lower
            case (.upper, 29), (.lower, 29): latched = .mixed
            case (.upper, 30), (.lower, 30): latched = .digit
            case (.lower, 28), (.digit, 15): shifted = .upper
            case (.mixed, 29), (.punct, 31), (.digit, 14): latched = .upper
            case (.mixed, 30): latched = .punct
            case (.upper, 31), (.lower, 31), (.mixed, 31):
                guard var length = read(5) else { break decoding }
                if length == 0 { guard let long = read(11) else { break decoding }; length = long + 31 }
                for _ in 0..<length {
                    // Padding (ones) after a binary shift at the very end reads as a length with no bytes behind it.
                    guard let byte = read(8) else { break decoding }
                    out.append(UInt8(byte))
                }
            case (.punct, 0):
                guard let flag = read(3) else { break decoding }
                if flag == 0 { out.append(0x1D) }
                else if flag == 7 { return nil }
                else { for _ in 0..<flag { guard read(4) != nil else { return nil } } }
            case (.upper, _): out += Array(upper[code].utf8)
            case (.lower, _): out += Array(lower[code].utf8)
            case (.mixed, _): out += Array(mixed[code].utf8)
            case (.punct, _): out += Array(punct[code].utf8)
            case (.digit, _): out += Array(digit[code].utf8)
            }
            if position >= bits.count { break decoding }
        }
        return out.isEmpty ? nil : Data(out)
    }
}
