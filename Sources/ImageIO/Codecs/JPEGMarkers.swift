import Foundation

/// The marker segments of a JPEG up to its first scan, read in Swift (TurboJPEG 2.x has no marker access):
/// frame header, JFIF density, EXIF, XMP, ICC (reassembled from APP2 chunks), Photoshop IPTC, Adobe transform.
struct JPEGMarkers {
    var width = 0, height = 0, precision = 8, components = 0
    var isProgressive = false
    var jfif: (version: [Int], units: Int, x: Int, y: Int)?
    var exif: Data?
    var xmp: Data?
    var icc: Data?
    var iptc: Data?
    var adobeTransform: Int?
    /// Restart interval in MCUs (DRI), 0 when there is none.
    var restartInterval = 0
    /// Offset of the frame header's payload (precision byte) in the file.
    var frameOffset = 0
    /// Horizontal and vertical sampling factor of each component.
    var sampling: [(h: Int, v: Int)] = []
    /// Whether the frame is sequential Huffman (SOF0/SOF1).
    var isSequentialHuffman = false
    /// Components in the first scan.
    var scanComponents = 0
    /// Offset of the first start-of-scan marker (its 0xFF byte).
    var scanHeaderOffset = 0
    /// Offset of the first byte of entropy-coded data.
    var scanStart = 0

    static let exifSignature = Array("Exif\0\0".utf8)
    static let xmpSignature = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    static let iccSignature = Array("ICC_PROFILE\0".utf8)
    static let photoshopSignature = Array("Photoshop 3.0\0".utf8)

    /// Parses the segments; throws `.truncated` when the file ends inside the headers, `.corrupt` when the marker
    /// structure is broken before the first scan.
    init(_ data: Data) throws(ImageIOError) {
        // Headers are usually a few KiB: try a small copy first, then up to 8 MiB (large ICC/XMP/preview segments).
        do {
            try self.init(bytes: [UInt8](data.prefix(64 << 10)))
        } catch where error.code == .truncated && data.count > 64 << 10 {
            try self.init(bytes: [UInt8](data.prefix(8 << 20)))
        }
    }

    private init(bytes: [UInt8]) throws(ImageIOError) {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
            throw ImageIOError(.corrupt, "the data does not start with a JPEG start-of-image marker", format: .jpeg)
        }
        var iccChunks: [Int: Data] = [:]
        var pos = 2
        var segments = 0
        while true {
            segments += 1
            guard segments < 20_000 else { throw ImageIOError(.corrupt, "the JPEG has too many header segments", format: .jpeg) }
            guard pos < bytes.count else {
                throw ImageIOError(.truncated, "the file ends inside the JPEG headers (no image data)", format: .jpeg)
            }
            guard bytes[pos] == 0xFF else {
                throw ImageIOError(.corrupt, "the JPEG marker structure is damaged at offset \(pos)", format: .jpeg)
            }
            var markerAt = pos + 1
            while markerAt < bytes.count, bytes[markerAt] == 0xFF { markerAt += 1 }
            guard markerAt < bytes.count else { throw ImageIOError(.truncated, "the file ends inside the JPEG headers", format: .jpeg) }
            let marker = bytes[markerAt]
            pos = markerAt + 1
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { continue }
            if marker == 0xD9 { throw ImageIOError(.corrupt, "the JPEG ends (EOI) before any image data", format: .jpeg) }
            guard pos + 2 <= bytes.count else { throw ImageIOError(.truncated, "the file ends inside a JPEG segment", format: .jpeg) }
            let length = Int(bytes[pos]) << 8 | Int(bytes[pos + 1])
            guard length >= 2 else { throw ImageIOError(.corrupt, "a JPEG segment has an invalid length", format: .jpeg) }
            guard pos + length <= bytes.count else {
                throw ImageIOError(.truncated, "the file ends inside a JPEG header segment", format: .jpeg)
            }
            let payload = bytes[(pos + 2)..<(pos + length)]
            switch marker {
            case 0xE0: readJFIF(payload)
            case 0xE1:
                if exif == nil, payload.starts(with: Self.exifSignature) { exif = Data(payload.dropFirst(6)) }
                else if xmp == nil, payload.starts(with: Self.xmpSignature) { xmp = Data(payload.dropFirst(Self.xmpSignature.count)) }
            case 0xE2:
                if payload.starts(with: Self.iccSignature), payload.count > 14 {
                    let sequence = Int(payload[payload.startIndex + 12])
                    iccChunks[sequence] = Data(payload.dropFirst(14))
                }
            case 0xED:
                if iptc == nil, payload.starts(with: Self.photoshopSignature) {
                    iptc = Self.iptcFromPhotoshop(Array(payload.dropFirst(Self.photoshopSignature.count)))
                }
            case 0xEE:
                if payload.starts(with: Array("Adobe".utf8)), payload.count >= 12 { adobeTransform = Int(payload[payload.startIndex + 11]) }
            case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                guard payload.count >= 6 else { throw ImageIOError(.corrupt, "the JPEG frame header is too short", format: .jpeg) }
                let p = payload.startIndex
                precision = Int(payload[p])
                height = Int(payload[p + 1]) << 8 | Int(payload[p + 2])
                width = Int(payload[p + 3]) << 8 | Int(payload[p + 4])
                components = Int(payload[p + 5])
                isProgressive = marker == 0xC2 || marker == 0xC6 || marker == 0xCA || marker == 0xCE
                isSequentialHuffman = marker == 0xC0 || marker == 0xC1
                frameOffset = pos + 2
                sampling = (0..<components).compactMap { i in
                    let at = p + 6 + i * 3 + 1
                    return at < payload.endIndex ? (Int(payload[at] >> 4), Int(payload[at] & 0x0F)) : nil
                }
            case 0xDD:
                if payload.count >= 2 { restartInterval = Int(payload[payload.startIndex]) << 8 | Int(payload[payload.startIndex + 1]) }
            case 0xDA:
                scanStart = pos + length
                scanHeaderOffset = markerAt - 1
                scanComponents = Int(payload.first ?? 0)
                guard width > 0 || height > 0 || components > 0 else {
                    throw ImageIOError(.corrupt, "the JPEG has image data but no frame header", format: .jpeg)
                }
                if !iccChunks.isEmpty { icc = iccChunks.keys.sorted().reduce(into: Data()) { $0.append(iccChunks[$1]!) } }
                return
            default: break
            }
            pos += length
        }
    }

    private mutating func readJFIF(_ payload: ArraySlice<UInt8>) {
        guard payload.starts(with: Array("JFIF\0".utf8)), payload.count >= 12 else { return }
        let p = payload.startIndex
        jfif = ([Int(payload[p + 5]), Int(payload[p + 6])], Int(payload[p + 7]),
                Int(payload[p + 8]) << 8 | Int(payload[p + 9]), Int(payload[p + 10]) << 8 | Int(payload[p + 11]))
    }

    /// The IPTC-NAA resource (id 0x0404) of a Photoshop image-resource block.
    static func iptcFromPhotoshop(_ block: [UInt8]) -> Data? {
        var at = 0
        while at + 12 <= block.count, block[at..<(at + 4)].elementsEqual(Array("8BIM".utf8)) {
            let id = Int(block[at + 4]) << 8 | Int(block[at + 5])
            let nameLength = Int(block[at + 6])
            var cursor = at + 6 + ((nameLength + 2) & ~1)  // Pascal string padded to even length
            guard cursor + 4 <= block.count else { return nil }
            let size = Int(block[cursor]) << 24 | Int(block[cursor + 1]) << 16 | Int(block[cursor + 2]) << 8 | Int(block[cursor + 3])
            cursor += 4
            guard size >= 0, cursor + size <= block.count else { return nil }
            if id == 0x0404 { return Data(block[cursor..<(cursor + size)]) }
            at = cursor + ((size + 1) & ~1)
        }
        return nil
    }

    /// Whether the bytes after the first scan contain an end-of-image marker (entropy data cannot contain FF D9).
    static func hasEndOfImage(_ data: Data, after start: Int) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            var i = raw.count - 1
            while i > start {
                if raw[i] == 0xD9, raw[i - 1] == 0xFF { return true }
                i -= 1
            }
            return false
        }
    }
}
