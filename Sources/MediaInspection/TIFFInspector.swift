internal import CTiff
import Foundation

/// TIFF through libtiff (first directory: size, samples, bits, orientation, XMP tag 700); EXIF/GPS through
/// libexif on the whole TIFF structure.
enum TIFFInspector {
    static func inspect(_ source: InspectionSource) throws(MediaInspectionError) -> MediaInfo {
        let bytes = source.bytes
        var memory = ctiff_memory(data: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), size: UInt64(bytes.count), pos: 0)
        guard let tif = ctiff_open_memory(&memory) else {
            throw source.error(bytes.count < 16 ? .truncated : .corrupt, "libtiff cannot read the TIFF directory")
        }
        defer { TIFFClose(tif) }
        var width: UInt32 = 0, height: UInt32 = 0
        guard ctiff_get_u32(tif, UInt32(TIFFTAG_IMAGEWIDTH), &width) == 1,
              ctiff_get_u32(tif, UInt32(TIFFTAG_IMAGELENGTH), &height) == 1 else {
            throw source.error(.corrupt, "the TIFF has no image size")
        }
        try source.checkPixelCount(Int(width), Int(height))
        var bits: UInt16 = 1, samples: UInt16 = 1
        _ = ctiff_get_u16(tif, UInt32(TIFFTAG_BITSPERSAMPLE), &bits)
        _ = ctiff_get_u16(tif, UInt32(TIFFTAG_SAMPLESPERPIXEL), &samples)
        var extraCount: UInt16 = 0
        var extraTypes: UnsafeMutablePointer<UInt16>?
        let hasAlpha = ctiff_get_extra_samples(tif, &extraCount, &extraTypes) == 1 && extraCount > 0

        var info = MediaInfo(kind: .image, format: .tiff, uniformTypeIdentifier: "public.tiff",
                             storedPixelWidth: Int(width), storedPixelHeight: Int(height),
                             frameCount: 1, hasAlpha: hasAlpha, bitDepth: Int(bits))
        let exif = EXIFReader.read(bytes)
        StillMetadata(exif: exif, xmp: readXMP(tif)).apply(to: &info)
        return info
    }

    static func readXMP(_ tif: OpaquePointer) -> XMPPacket? {
        var count: UInt32 = 0
        var data: UnsafeMutableRawPointer?
        guard ctiff_get_bytes(tif, UInt32(TIFFTAG_XMLPACKET), &count, &data) == 1, let data, count > 0 else { return nil }
        return XMPPacket(UnsafeRawBufferPointer(start: data, count: Int(count)))
    }
}
