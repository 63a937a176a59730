internal import CWebP
import Foundation

/// WebP through libwebp: WebPGetFeatures for size/alpha/animation, WebPDemux for the canvas, frame
/// count and the EXIF/XMP chunks.
enum WebPInspector {
    static func inspect(_ source: InspectionSource) throws(MediaInspectionError) -> MediaInfo {
        let bytes = source.bytes
        let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        var features = WebPBitstreamFeatures()
        let status = WebPGetFeatures(base, bytes.count, &features)
        guard status == VP8_STATUS_OK else {
            let truncated = status == VP8_STATUS_NOT_ENOUGH_DATA
            throw source.error(truncated ? .truncated : .corrupt, truncated ? "the WebP file ends early" : "the WebP header is invalid")
        }
        var width = Int(features.width), height = Int(features.height)
        var frames = 1
        var exif: ExifMetadata?
        var xmp: XMPPacket?

        var data = WebPData(bytes: base, size: bytes.count)
        var state = WEBP_DEMUX_PARSING_HEADER
        if let demux = WebPDemuxPartial(&data, &state) {
            defer { WebPDemuxDelete(demux) }
            guard state == WEBP_DEMUX_DONE else {
                throw source.error(.truncated, "the WebP file ends early")
            }
            width = Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH))
            height = Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT))
            frames = max(1, Int(WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT)))
            var iter = WebPChunkIterator()
            if WebPDemuxGetChunk(demux, "EXIF", 1, &iter) != 0 {
                exif = EXIFReader.read(UnsafeRawBufferPointer(start: iter.chunk.bytes, count: iter.chunk.size))
                WebPDemuxReleaseChunkIterator(&iter)
            }
            if WebPDemuxGetChunk(demux, "XMP ", 1, &iter) != 0 {
                xmp = XMPPacket(UnsafeRawBufferPointer(start: iter.chunk.bytes, count: iter.chunk.size))
                WebPDemuxReleaseChunkIterator(&iter)
            }
        } else {
            throw source.error(.corrupt, "the WebP container is invalid")
        }
        try source.checkPixelCount(width, height)
        var info = MediaInfo(kind: .image, format: .webp, uniformTypeIdentifier: "org.webmproject.webp",
                             storedPixelWidth: width, storedPixelHeight: height,
                             frameCount: frames, hasAlpha: features.has_alpha != 0, bitDepth: 8)
        if frames > 1 || features.has_animation != 0 { info.traits.insert(.animated) }
        StillMetadata(exif: exif, xmp: xmp).apply(to: &info)
        return info
    }
}
