import Foundation
import CoreGraphics

/// Reads the orientation HEIF declares for an item through its `irot`/`imir` transformative properties
/// (ISO/IEC 23008-12), walking `meta` → `iprp` → `ipco`/`ipma` in Swift; libheif 1.15 has no accessor for them.
enum HEIFBoxes {
    /// The EXIF-style orientation the item's transforms amount to, or `nil` when it has none (or the boxes are damaged).
    static func orientation(of item: UInt32, in data: Data) -> CGImagePropertyOrientation? {
        data.withUnsafeBytes { raw -> CGImagePropertyOrientation? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let meta = child("meta", in: bytes, range: 0..<bytes.count, fullBox: false),
                  let iprp = child("iprp", in: bytes, range: (meta.lowerBound + 4)..<meta.upperBound, fullBox: false),
                  let ipco = child("ipco", in: bytes, range: iprp, fullBox: false),
                  let ipma = child("ipma", in: bytes, range: iprp, fullBox: false) else { return nil }
            let properties = children(in: bytes, range: ipco)
            guard let indices = associations(of: item, in: bytes, ipma: ipma) else { return nil }
            var matrix = (1, 0, 0, 1)   // a b c d: display = M · stored, y pointing down
            var found = false
            for index in indices where index >= 1 && index <= properties.count {
                let (type, body) = properties[index - 1]
                guard body.count >= 1 else { continue }
                let value = Int(bytes[body.lowerBound])
                let step: (Int, Int, Int, Int)
                switch type {
                case "irot":
                    switch value & 3 {
                    case 1: step = (0, 1, -1, 0)     // 90° anticlockwise: (x, y) → (y, −x)
                    case 2: step = (-1, 0, 0, -1)
                    case 3: step = (0, -1, 1, 0)
                    default: step = (1, 0, 0, 1)
                    }
                case "imir":
                    step = value & 1 == 0 ? (-1, 0, 0, 1) : (1, 0, 0, -1)   // axis 0: vertical axis (left ↔ right)
                default: continue
                }
                found = true
                matrix = (step.0 * matrix.0 + step.1 * matrix.2, step.0 * matrix.1 + step.1 * matrix.3,
                          step.2 * matrix.0 + step.3 * matrix.2, step.2 * matrix.1 + step.3 * matrix.3)
            }
            guard found else { return nil }
            switch matrix {
            case (1, 0, 0, 1): return .up
            case (-1, 0, 0, 1): return .upMirrored
            case (-1, 0, 0, -1): return .down
            case (1, 0, 0, -1): return .downMirrored
            case (0, 1, 1, 0): return .leftMirrored
            case (0, -1, 1, 0): return .right
            case (0, -1, -1, 0): return .rightMirrored
            case (0, 1, -1, 0): return .left
            default: return nil
            }
        }
    }

    private static func u32(_ b: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
        guard at >= 0, at + 4 <= b.count else { return nil }
        return Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
    }

    /// The boxes directly inside `range`: type and body range.
    private static func children(in b: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> [(String, Range<Int>)] {
        var result: [(String, Range<Int>)] = []
        var at = range.lowerBound
        while at + 8 <= range.upperBound, result.count < 10_000 {
            guard var size = u32(b, at) else { break }
            var header = 8
            if size == 1 {
                guard let high = u32(b, at + 8), let low = u32(b, at + 12), high == 0 else { break }
                size = low
                header = 16
            } else if size == 0 {
                size = range.upperBound - at
            }
            guard size >= header, at + size <= range.upperBound else { break }
            let type = String(decoding: b[(at + 4)..<(at + 8)], as: UTF8.self)
            result.append((type, (at + header)..<(at + size)))
            at += size
        }
        return result
    }

    private static func child(_ type: String, in b: UnsafeBufferPointer<UInt8>, range: Range<Int>, fullBox: Bool) -> Range<Int>? {
        children(in: b, range: range).first { $0.0 == type }?.1
    }

    /// Property indices (1-based, in order) associated with `item` in an `ipma` box.
    private static func associations(of item: UInt32, in b: UnsafeBufferPointer<UInt8>, ipma: Range<Int>) -> [Int]? {
        guard ipma.count >= 8 else { return nil }
        let version = Int(b[ipma.lowerBound]), flags = Int(b[ipma.lowerBound + 3])
        guard let count = u32(b, ipma.lowerBound + 4) else { return nil }
        var at = ipma.lowerBound + 8
        for _ in 0..<min(count, 100_000) {
            let id: Int
            if version < 1 {
                guard at + 2 <= ipma.upperBound else { return nil }
                id = Int(b[at]) << 8 | Int(b[at + 1]); at += 2
            } else {
                guard let value = u32(b, at) else { return nil }
                id = value; at += 4
            }
            guard at < ipma.upperBound else { return nil }
            let associationCount = Int(b[at]); at += 1
            var indices: [Int] = []
            for _ in 0..<associationCount {
                if flags & 1 == 1 {
                    guard at + 2 <= ipma.upperBound else { return nil }
                    indices.append((Int(b[at]) << 8 | Int(b[at + 1])) & 0x7FFF); at += 2
                } else {
                    guard at < ipma.upperBound else { return nil }
                    indices.append(Int(b[at]) & 0x7F); at += 1
                }
            }
            if id == Int(item) { return indices }
        }
        return nil
    }
}
