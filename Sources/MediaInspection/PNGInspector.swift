internal import CSpng
import Foundation

/// PNG through libspng: IHDR for size/depth/alpha, eXIf for EXIF, iTXt "XML:com.adobe.xmp" for XMP.
/// Only chunks before the first IDAT are read; the size limit is checked before anything else.
enum PNGInspector {
    static func inspect(_ source: InspectionSource) throws(MediaInspectionError) -> MediaInfo {
        let bytes = source.bytes
        guard let ctx = spng_ctx_new(0) else { throw source.error(.unreadable, "libspng could not be initialised") }
        defer { spng_ctx_free(ctx) }
        spng_set_png_buffer(ctx, bytes.baseAddress, bytes.count)
        spng_set_chunk_limits(ctx, 16 << 20, 64 << 20)

        var ihdr = spng_ihdr()
        let status = spng_get_ihdr(ctx, &ihdr)
        guard status == 0 else {
            let truncated = bytes.count < 33 || status == Int32(SPNG_EOF.rawValue)
            throw source.error(truncated ? .truncated : .corrupt,
                               "the PNG header is invalid (\(String(cString: spng_strerror(status))))")
        }
        try source.checkPixelCount(Int(ihdr.width), Int(ihdr.height))
        guard hasEndChunk(bytes) else {
            throw source.error(.truncated, "the PNG ends early (no IEND chunk)")
        }

        let colorType = Int(ihdr.color_type)
        var hasAlpha = colorType == 4 || colorType == 6
        if !hasAlpha {
            var trns = spng_trns()
            hasAlpha = spng_get_trns(ctx, &trns) == 0
        }
        var info = MediaInfo(kind: .image, format: .png, uniformTypeIdentifier: "public.png",
                             storedPixelWidth: Int(ihdr.width), storedPixelHeight: Int(ihdr.height),
                             frameCount: 1, hasAlpha: hasAlpha, bitDepth: Int(ihdr.bit_depth))

        var exif: ExifMetadata?
        var rawExif = spng_exif()
        if spng_get_exif(ctx, &rawExif) == 0, let p = rawExif.data, rawExif.length > 0 {
            exif = EXIFReader.read(UnsafeRawBufferPointer(start: p, count: rawExif.length))
        }
        let xmp = readXMP(ctx)
        StillMetadata(exif: exif, xmp: xmp).apply(to: &info)
        return info
    }

    private static func readXMP(_ ctx: OpaquePointer) -> XMPPacket? {
        var count: UInt32 = 0
        guard spng_get_text(ctx, nil, &count) == 0, count > 0, count < 10_000 else { return nil }
        var texts = [spng_text](repeating: spng_text(), count: Int(count))
        guard spng_get_text(ctx, &texts, &count) == 0 else { return nil }
        for t in texts {
            let keyword = withUnsafeBytes(of: t.keyword) { $0.trimmedString() }
            if keyword == "XML:com.adobe.xmp", let p = t.text, t.length > 0 {
                return XMPPacket(UnsafeRawBufferPointer(start: p, count: t.length))
            }
        }
        return nil
    }

    /// A complete IEND chunk (type + CRC) sits at the end; a few stray trailing bytes are tolerated.
    static func hasEndChunk(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let start = max(0, bytes.count - 64)
        let tail = UnsafeRawBufferPointer(rebasing: bytes[start...])
        guard let at = EXIFReader.find(Array("IEND".utf8), in: tail, limit: tail.count) else { return false }
        return at + 8 <= tail.count
    }
}
