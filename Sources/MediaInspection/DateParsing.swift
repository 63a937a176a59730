import Foundation

/// Parses the date strings found in EXIF, XMP and QuickTime metadata.
enum DateParsing {
    /// EXIF "YYYY:MM:DD HH:MM:SS" with optional SubSecTime digits and OffsetTime "+HH:MM".
    /// Without an offset the time is floating and interpreted in the current time zone.
    static func exif(_ text: String?, subSeconds: String? = nil, offset: String? = nil) -> Date? {
        guard let text else { return nil }
        let digits = text.unicodeScalars.map { CharacterSet.decimalDigits.contains($0) ? Character($0) : " " }
        let fields = String(digits).split(separator: " ").compactMap { Int($0) }
        guard fields.count >= 6 else { return nil }
        var fraction = 0.0
        if let sub = subSeconds?.trimmingCharacters(in: .whitespaces), !sub.isEmpty, sub.allSatisfy(\.isNumber) {
            fraction = Double("0." + sub) ?? 0
        }
        return make(fields[0], fields[1], fields[2], fields[3], fields[4], fields[5], fraction,
                    offsetSeconds: offset.flatMap(offsetSeconds))
    }

    /// ISO 8601 as written by QuickTime, XMP and FFmpeg: "YYYY-MM-DD[T ]HH:MM[:SS[.fff]][Z|±HH[:]MM]".
    /// A date without a time of day or an offset is floating (current time zone).
    static func iso8601(_ text: String?) -> Date? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), text.count >= 10 else { return nil }
        let chars = Array(text)
        var i = 0
        func number(_ width: Int) -> Int? {
            guard i + width <= chars.count else { return nil }
            let s = String(chars[i..<(i + width)])
            guard s.allSatisfy(\.isASCII), s.allSatisfy(\.isNumber), let v = Int(s) else { return nil }
            i += width
            return v
        }
        func skip(_ c: Character) -> Bool {
            if i < chars.count, chars[i] == c { i += 1; return true }
            return false
        }
        guard let year = number(4), skip("-"), let month = number(2), skip("-"), let day = number(2) else { return nil }
        var hour = 0, minute = 0, second = 0, fraction = 0.0
        var offset: Int?
        if i < chars.count, chars[i] == "T" || chars[i] == " " {
            i += 1
            guard let h = number(2), skip(":"), let m = number(2) else { return nil }
            hour = h; minute = m
            if skip(":") { guard let s = number(2) else { return nil }; second = s }
            if i < chars.count, chars[i] == "." || chars[i] == "," {
                i += 1
                var digits = ""
                while i < chars.count, chars[i].isASCII, chars[i].isNumber { digits.append(chars[i]); i += 1 }
                fraction = Double("0." + digits) ?? 0
            }
            if skip("Z") { offset = 0 }
            else if i < chars.count, chars[i] == "+" || chars[i] == "-" {
                offset = offsetSeconds(String(chars[i...]))
            }
        }
        return make(year, month, day, hour, minute, second, fraction, offsetSeconds: offset)
    }

    /// "+02:00", "-0300", "+05" → seconds east of UTC.
    static func offsetSeconds(_ text: String) -> Int? {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard let sign = t.first, sign == "+" || sign == "-" else { return nil }
        let digits = t.dropFirst().filter { $0 != ":" }
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.count == 2 || digits.count == 4 else { return nil }
        let h = Int(digits.prefix(2)) ?? 0
        let m = digits.count == 4 ? Int(digits.suffix(2)) ?? 0 : 0
        guard h <= 18, m < 60 else { return nil }
        return (sign == "-" ? -1 : 1) * (h * 3600 + m * 60)
    }

    static func make(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int,
                     _ fraction: Double, offsetSeconds: Int?) -> Date? {
        guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = offsetSeconds.flatMap { TimeZone(secondsFromGMT: $0) } ?? TimeZone.current
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components) else { return nil }
        return date.addingTimeInterval(fraction)
    }
}
