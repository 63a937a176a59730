import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// ISO 8601 timestamps (`2026-11-25T14:45:00Z`, whole seconds in UTC — what `JSONEncoder`'s `.iso8601` writes)
/// without a date formatter: a page of 200 assets carries about 800 dates, and Foundation's formatter on Linux
/// costs more than everything else in the page together.
enum FastDates {
    static func iso8601(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var bytes = [UInt8](repeating: 0, count: 20)
        func put(_ value: Int32, _ at: Int, _ digits: Int) {
            var value = value
            for index in stride(from: at + digits - 1, through: at, by: -1) {
                bytes[index] = UInt8(48 + value % 10)
                value /= 10
            }
        }
        put(parts.tm_year + 1900, 0, 4); bytes[4] = 45   // -
        put(parts.tm_mon + 1, 5, 2); bytes[7] = 45
        put(parts.tm_mday, 8, 2); bytes[10] = 84          // T
        put(parts.tm_hour, 11, 2); bytes[13] = 58         // :
        put(parts.tm_min, 14, 2); bytes[16] = 58
        put(parts.tm_sec, 17, 2); bytes[19] = 90          // Z
        return String(decoding: bytes, as: UTF8.self)
    }
}
