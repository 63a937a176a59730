import Foundation

/// Reading a PDF417 descriptor's error-corrected payload back into its message (ISO/IEC 15438 §5.4): 16-bit
/// codewords (little-endian, as Apple's platforms store them), the first the count of data codewords (itself
/// included), read in text compaction (its Alpha, Lower, Mixed and Punctuation sub-modes, shifts and byte
/// shift), byte compaction (901 / 924) and numeric compaction (902). ECI codewords are skipped; Macro PDF417
/// control blocks are not supported (`nil`).
enum PDF417Payload {
    private enum SubMode { case alpha, lower, mixed, punct }

    private static let mixedTable: [UInt8] = Array("0123456789&\r\t,:#-.$/+%*=^".utf8)
    private static let punctTable: [UInt8] = Array(";<>@[\\]_`~!\r\t,:\n-.$/\"|*()?{}'".utf8)

    /// The message bytes, or `nil` when the payload is malformed or uses what this reader does not take.
    static func message(_ payload: Data) -> Data? {
        guard payload.count >= 4, payload.count % 2 == 0 else { return nil }
        let all = stride(from: 0, to: payload.count, by: 2).map { Int(payload[payload.startIndex + $0]) | Int(payload[payload.startIndex + $0 + 1]) << 8 }
        guard let count = all.first, count >= 2, count <= all.count, all.allSatisfy({ $0 <= 928 }) else { return nil }
        let codewords = Array(all[1..<count])
        var out: [UInt8] = []
        var index = 0
        var mode = 900
        while index < codewords.count {
            let codeword = codewords[index]
            switch codeword {
            case 900, 901, 902, 924:
                mode = codeword
                index += 1
                continue
            case 913:
                // Byte shift: the next codeword is one byte, then text compaction goes on.
                guard index + 1 < codewords.count, codewords[index + 1] < 256 else { return nil }
                out.append(UInt8(codewords[index + 1]))
                index += 2
                continue
            case 927, 925: index += 2; continue
            case 926: index += 3; continue
            case 903...912, 914...923, 928: return nil
            default: break
            }
            // A run of codewords below 900 in the current mode.
            var end = index
            while end < codewords.count, codewords[end] < 900 { end += 1 }
            let run = Array(codewords[index..<end])
            switch mode {
            case 900: out += text(run)
            case 901, 924: out += bytes(run, allGroups: mode == 924)
            case 902: guard let digits = numeric(run) else { return nil }; out += digits
            default: return nil
            }
            index = end
        }
        return out.isEmpty ? nil : Data(out)
    }

    /// Text compaction: two sub-mode values (0…29) per codeword, starting in Alpha.
    static func text(_ run: [Int]) -> [UInt8] {
        var out: [UInt8] = []
        var latched = SubMode.alpha
        var shifted: SubMode?
        let values = run.flatMap { [$0 / 30, $0 % 30] }
        for (position, value) in values.enumerated() {
            let mode = shifted ?? latched
            shifted = nil
            switch (mode, value) {
            case (.alpha, 0...25): out.append(UInt8(65 + value))
            case (.lower, 0...25): out.append(UInt8(97 + value))
            case (.alpha, 26), (.lower, 26), (.mixed, 26): out.append(32)
            case (.alpha, 27), (.mixed, 27): latched = .lower
            case (.alpha, 28), (.lower, 28): latched = .mixed
            case (.lower, 27): shifted = .alpha
            case (.mixed, 28), (.punct, 29): latched = .alpha
            case (.mixed, 25): latched = .punct
            case (_, 29):
                // Punctuation shift; as the last value it is padding.
                if position < values.count - 1 { shifted = .punct }
            case (.mixed, _): out.append(mixedTable[value])
            case (.punct, _): out.append(punctTable[value])
            default: break
            }
        }
        return out
    }

    /// Byte compaction: five codewords per six bytes (base 900); the rest one byte per codeword (mode 901).
    static func bytes(_ run: [Int], allGroups: Bool) -> [UInt8] {
        var singles = allGroups ? 0 : run.count % 5
        if !allGroups, singles == 0, !run.isEmpty { singles = min(5, run.count) }
        let groupCount = (run.count - singles) / 5
        var out: [UInt8] = []
        for group in 0..<groupCount {
            let value = run[group * 5..<group * 5 + 5].reduce(UInt64(0)) { $0 * 900 + UInt64($1) }
            out += (0..<6).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
        }
        out += run[(groupCount * 5)...].map { UInt8(truncatingIfNeeded: $0) }
        return out
    }

    /// Numeric compaction: up to 15 codewords are a base-900 number whose decimal digits, after a leading 1,
    /// are the message's digits.
    static func numeric(_ run: [Int]) -> [UInt8]? {
        var out: [UInt8] = []
        for start in stride(from: 0, to: run.count, by: 15) {
            // Decimal digits, least significant first.
            var digits: [Int] = [0]
            for codeword in run[start..<min(start + 15, run.count)] {
                var carry = codeword
                for i in digits.indices {
                    let v = digits[i] * 900 + carry
                    digits[i] = v % 10
                    carry = v / 10
                }
                while carry > 0 { digits.append(carry % 10); carry /= 10 }
            }
            while digits.count > 1, digits.last == 0 { digits.removeLast() }
            guard digits.last == 1 else { return nil }
            out += digits.dropLast().reversed().map { UInt8(48 + $0) }
        }
        return out
    }
}
