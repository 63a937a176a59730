/// Bounds-checked integer reads over a raw buffer; every read returns nil instead of trapping.
struct ByteReader {
    let bytes: UnsafeRawBufferPointer
    var bigEndian: Bool

    init(_ bytes: UnsafeRawBufferPointer, bigEndian: Bool = true) {
        self.bytes = bytes
        self.bigEndian = bigEndian
    }

    var count: Int { bytes.count }

    func u8(_ at: Int) -> UInt8? {
        at >= 0 && at < bytes.count ? bytes[at] : nil
    }

    func u16(_ at: Int) -> UInt16? {
        guard at >= 0, at <= bytes.count - 2 else { return nil }
        let a = UInt16(bytes[at]), b = UInt16(bytes[at + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    func u32(_ at: Int) -> UInt32? {
        guard at >= 0, at <= bytes.count - 4 else { return nil }
        var v: UInt32 = 0
        for i in 0..<4 {
            let byte = UInt32(bytes[bigEndian ? at + i : at + 3 - i])
            v = v << 8 | byte
        }
        return v
    }

    /// `length` bytes at `at`, or nil when out of range.
    func slice(_ at: Int, _ length: Int) -> UnsafeRawBufferPointer? {
        guard at >= 0, length >= 0, at <= bytes.count, length <= bytes.count - at else { return nil }
        return UnsafeRawBufferPointer(rebasing: bytes[at..<(at + length)])
    }

    /// Whether the bytes at `at` equal `ascii`.
    func matches(_ at: Int, _ ascii: String) -> Bool {
        let utf8 = Array(ascii.utf8)
        guard let s = slice(at, utf8.count) else { return false }
        return s.elementsEqual(utf8)
    }

    /// Whether the bytes at `at` equal `expected`.
    func matches(_ at: Int, bytes expected: [UInt8]) -> Bool {
        guard let s = slice(at, expected.count) else { return false }
        return s.elementsEqual(expected)
    }

    /// Four bytes at `at` as a Latin-1 string (box types, brands).
    func fourCC(_ at: Int) -> String? {
        guard let s = slice(at, 4) else { return nil }
        return String(s.map { Character(Unicode.Scalar($0)) })
    }
}

extension UnsafeRawBufferPointer {
    /// NUL-terminated/trimmed text from raw bytes (UTF-8, falling back to Latin-1).
    func trimmedString() -> String? {
        var end = count
        if let nul = firstIndex(of: 0) { end = nul }
        let slice = UnsafeRawBufferPointer(rebasing: self[0..<end])
        let s = String(validating: slice, as: UTF8.self)
            ?? String(slice.map { Character(Unicode.Scalar($0)) })
        let t = s.trimmingCharacters(in: .whitespacesAndNewlines)
        return t.isEmpty ? nil : t
    }
}

import Foundation
