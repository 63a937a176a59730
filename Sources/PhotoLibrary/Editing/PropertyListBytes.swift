import CoreFoundation
import Foundation

/// Reads property lists that come from outside (adjustment data files, editing-extension manifests and wire files).
///
/// swift-corelibs-foundation crashes (a null dereference) when it bridges a binary property list's set object
/// (`NSSet`) to Swift while casting the result, for instance to `[String: Any]`. Property lists written by this
/// library and by Apple's tools never hold sets, so a binary one that has a set object anywhere is refused before
/// Foundation parses it. XML and OpenStep property lists cannot express sets.
///
/// FoundationEssentials' `PropertyListDecoder` traps (stops the process) on some damaged input: an `<integer>`
/// holding bytes that are not UTF-8, a binary property list's damaged string. ``decode(_:from:)`` therefore never
/// hands outside bytes to it: Foundation's parser reads them first, and the decoder sees only what that parser
/// wrote back.
///
/// swift-corelibs-foundation's `PropertyListSerialization.propertyList(from:options:format:)` leaks Core
/// Foundation's error (about 600 bytes) on every refusal: it takes the error without releasing the reference it
/// owns. Outside bytes are therefore first read by Core Foundation directly (``isPropertyList(_:)``, which
/// releases its error), and Foundation parses only what Core Foundation accepted.
package enum PropertyListBytes {
    /// Decodes `type` from an outside property list (XML, binary or OpenStep). Throws
    /// `CocoaError(.propertyListReadCorrupt)` when the bytes are not a property list this library reads, and the
    /// decoder's error when they do not hold a `type`.
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        guard !hasSetObject(data) else {
            throw CocoaError(.propertyListReadCorrupt, userInfo: [NSDebugDescriptionErrorKey: "a binary property list holding a set, or a damaged one"])
        }
        guard isPropertyList(data) else {
            throw CocoaError(.propertyListReadCorrupt, userInfo: [NSDebugDescriptionErrorKey: "not a property list, or a damaged one"])
        }
        let plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        // Written back by Foundation itself: well-formed, so the decoder's parser has nothing damaged to trip on.
        let canonical = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        return try PropertyListDecoder().decode(type, from: canonical)
    }

    /// The top-level dictionary of `data`, or nil when it is not a property list dictionary this library reads.
    package static func dictionary(_ data: Data) -> [String: Any]? {
        guard !hasSetObject(data), isPropertyList(data),
              let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) else { return nil }
        return plist as? [String: Any]
    }

    /// Whether Core Foundation reads `data` as a property list (XML, binary or OpenStep). A refusal costs no memory:
    /// the error Core Foundation creates is released here.
    package static func isPropertyList(_ data: Data) -> Bool {
        guard let bytes = data.withUnsafeBytes({ raw in
            CFDataCreate(kCFAllocatorSystemDefault, raw.bindMemory(to: UInt8.self).baseAddress, raw.count)
        }) else { return false }
        var error: Unmanaged<CFError>?
        let plist = CFPropertyListCreateWithData(kCFAllocatorSystemDefault, bytes, 0, nil, &error)
        error?.release()
        plist?.release()
        return plist != nil
    }

    /// Whether `data` is a binary property list with a set object, or one whose object table cannot be walked
    /// (Foundation would refuse it anyway). False for anything that is not a binary property list.
    package static func hasSetObject(_ data: Data) -> Bool {
        let bytes = [UInt8](data)
        guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist".utf8)) else { return false }
        // Trailer: 6 unused bytes, offset size, reference size, object count, top object, offset table start.
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        func bigEndian(_ at: Int, _ size: Int) -> Int? {
            guard size >= 1, size <= 8, at >= 0, at <= bytes.count - size else { return nil }
            var value: UInt64 = 0
            for i in 0..<size { value = value << 8 | UInt64(bytes[at + i]) }
            return value <= UInt64(Int.max) ? Int(value) : nil
        }
        guard let objectCount = bigEndian(trailer + 8, 8), let tableStart = bigEndian(trailer + 24, 8),
              offsetSize >= 1, offsetSize <= 8,
              objectCount <= (trailer - tableStart) / offsetSize, tableStart >= 8, tableStart < trailer else { return true }
        for index in 0..<objectCount {
            guard let offset = bigEndian(tableStart + index * offsetSize, offsetSize), offset >= 8, offset < tableStart else {
                return true
            }
            if bytes[offset] >> 4 == 0xC { return true }
        }
        return false
    }
}
