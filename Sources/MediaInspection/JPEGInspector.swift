internal import CTurboJPEG
import Foundation

/// JPEG: TurboJPEG reads the frame header (size); a walk over the marker segments up to SOS collects
/// APP1 EXIF/XMP (TurboJPEG 2.x has no marker access). Truncation is detected by the absence of an
/// EOI marker after the first scan; nothing is decoded.
enum JPEGInspector {
    private static let xmpSignature = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    private static let exifSignature = Array("Exif\0\0".utf8)

    static func inspect(_ source: InspectionSource) throws(MediaInspectionError) -> MediaInfo {
        let bytes = source.bytes
        let r = ByteReader(bytes)
        var exifBlock: UnsafeRawBufferPointer?
        var xmpBlock: UnsafeRawBufferPointer?
        var precision = 8
        var scanStart: Int?
        var pos = 2
        var segments = 0
        markerLoop: while segments < 10_000 {
            segments += 1
            guard let ff = r.u8(pos) else { break }
            guard ff == 0xFF else { throw source.error(.corrupt, "the JPEG marker structure is damaged (offset \(pos))") }
            var markerAt = pos + 1
            while r.u8(markerAt) == 0xFF { markerAt += 1 }  // fill bytes
            guard let marker = r.u8(markerAt) else { break }
            pos = markerAt + 1
            switch marker {
            case 0x01, 0xD0...0xD8: continue
            case 0xD9: throw source.error(.corrupt, "the JPEG ends (EOI) before any image data")
            default: break
            }
            guard let length = r.u16(pos).map(Int.init), length >= 2 else { break }
            guard let payload = r.slice(pos + 2, length - 2) else {
                throw source.error(.truncated, "the file ends inside a JPEG header segment")
            }
            switch marker {
            case 0xE1:
                if exifBlock == nil, payload.starts(with: exifSignature) { exifBlock = payload }
                else if xmpBlock == nil, payload.starts(with: xmpSignature) {
                    xmpBlock = UnsafeRawBufferPointer(rebasing: payload[xmpSignature.count...])
                }
            case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                precision = Int(payload.first ?? 8)
            case 0xDA:
                scanStart = pos + length
                break markerLoop
            default: break
            }
            pos += length
        }
        guard let scanStart else {
            throw source.error(pos >= bytes.count ? .truncated : .corrupt, "the JPEG has no image data (no start-of-scan marker)")
        }

        // Frame header through TurboJPEG (reads up to SOS only).
        guard let handle = tjInitDecompress() else { throw source.error(.unreadable, "TurboJPEG could not be initialised") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let status = tjDecompressHeader3(handle, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt(bytes.count),
                                         &width, &height, &subsampling, &colorspace)
        guard status == 0 else {
            let reason = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
            throw source.error(.corrupt, "the JPEG header is invalid (\(reason))")
        }
        try source.checkPixelCount(Int(width), Int(height))
        guard hasEndOfImage(bytes, after: scanStart) else {
            throw source.error(.truncated, "the JPEG image data ends early (no end-of-image marker)")
        }

        var info = MediaInfo(kind: .image, format: .jpeg, uniformTypeIdentifier: "public.jpeg",
                             storedPixelWidth: Int(width), storedPixelHeight: Int(height),
                             frameCount: 1, hasAlpha: false, bitDepth: precision)
        let exif = exifBlock.flatMap(EXIFReader.read)
        let xmp = xmpBlock.flatMap(XMPPacket.init)
        StillMetadata(exif: exif, xmp: xmp).apply(to: &info)
        return info
    }

    /// Looks for FF D9 from the end back to the first scan. Entropy-coded data cannot contain FF D9,
    /// so a hit means the last scan finished; trailers after EOI (e.g. Motion Photo videos) are allowed.
    static func hasEndOfImage(_ bytes: UnsafeRawBufferPointer, after scanStart: Int) -> Bool {
        var i = bytes.count - 1
        while i > scanStart {
            if bytes[i] == 0xD9, bytes[i - 1] == 0xFF { return true }
            i -= 1
        }
        return false
    }
}
