import Foundation

/// Appends fixed-width little-endian values and length-prefixed strings: the served library's packed wire form
/// (records travel this way because decoding JSON costs tens of microseconds per record on Linux).
struct WireWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func raw(_ value: [UInt8]) { bytes.append(contentsOf: value) }

    mutating func int(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func int(_ value: Int) { int(Int64(value)) }

    /// Many numbers back to back (one block copy where memory is already little-endian).
    mutating func ints(_ values: [Int64]) {
        if 1.littleEndian == 1 {
            values.withUnsafeBytes { bytes.append(contentsOf: $0) }
        } else {
            for value in values { int(value) }
        }
    }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func double(_ value: Double) { int(Int64(bitPattern: value.bitPattern)) }

    mutating func optionalDouble(_ value: Double?) {
        bool(value != nil)
        if let value { double(value) }
    }

    mutating func date(_ value: Date?) { optionalDouble(value?.timeIntervalSince1970) }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            withUnsafeBytes(of: UInt32(utf8.count).littleEndian) { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func optionalString(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }
}

/// Reads what `WireWriter` wrote, checking every length against the bytes left: a short or lying buffer is an
/// error naming where it ended, never a read past its end.
struct WireReader {
    private let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }

    private mutating func take(_ count: Int) throws(LibraryError) -> UnsafeRawBufferPointer {
        guard count >= 0, count <= bytes.count - offset else {
            throw LibraryError(.io, "The photo library service sent packed data that ends early (\(count) bytes wanted at offset \(offset) of \(bytes.count))")
        }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
    }

    mutating func int() throws(LibraryError) -> Int64 {
        Int64(littleEndian: try take(8).loadUnaligned(as: Int64.self))
    }

    mutating func smallInt() throws(LibraryError) -> Int {
        let value = try int()
        // Bounds, not `abs`: `abs(Int.min)` traps, and a lying service may send exactly that.
        guard value >= -Int64(Int32.max), value <= Int64(Int32.max), let small = Int(exactly: value) else {
            throw LibraryError(.io, "The photo library service sent an out-of-range number \(value) at offset \(offset - 8)")
        }
        return small
    }

    mutating func bool() throws(LibraryError) -> Bool {
        switch try take(1)[0] {
        case 0: return false
        case 1: return true
        case let other: throw LibraryError(.io, "The photo library service sent \(other) where a flag belongs (offset \(offset - 1))")
        }
    }

    mutating func double() throws(LibraryError) -> Double { Double(bitPattern: UInt64(bitPattern: try int())) }

    mutating func optionalDouble() throws(LibraryError) -> Double? { try bool() ? try double() : nil }

    mutating func date() throws(LibraryError) -> Date? { try optionalDouble().map(Date.init(timeIntervalSince1970:)) }

    mutating func bytes(_ count: Int) throws(LibraryError) -> UnsafeRawBufferPointer { try take(count) }

    mutating func string() throws(LibraryError) -> String {
        let length = Int(UInt32(littleEndian: try take(4).loadUnaligned(as: UInt32.self)))
        return String(decoding: try take(length), as: UTF8.self)
    }

    mutating func optionalString() throws(LibraryError) -> String? { try bool() ? try string() : nil }
}
