import Foundation
internal import CWebP

/// Animated WebP through `WebPAnimDecoder`, and the demuxer's metadata chunks (ICCP, EXIF, XMP).
enum WebPAnimation {
    struct Info { var width: Int; var height: Int; var frameCount: Int; var loopCount: Int; var delays: [Double] }

    private static func withDecoder<R>(_ data: Data, _ body: (OpaquePointer) -> R?) -> R? {
        data.withUnsafeBytes { raw -> R? in
            var webpData = WebPData(bytes: raw.bindMemory(to: UInt8.self).baseAddress, size: raw.count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { return nil }
            options.color_mode = MODE_RGBA
            options.use_threads = 0
            guard let decoder = WebPAnimDecoderNew(&webpData, &options) else { return nil }
            defer { WebPAnimDecoderDelete(decoder) }
            return body(decoder)
        }
    }

    /// Canvas size, frame count, loop count and per-frame delays (seconds), from timestamps.
    static func info(_ data: Data) -> Info? {
        withDecoder(data) { decoder -> Info? in
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { return nil }
            var delays: [Double] = []
            var previous: Int32 = 0
            var buffer: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            // Timestamps need decoding each frame; only done when the canvas is modest.
            if Int(info.canvas_width) * Int(info.canvas_height) <= 16_000_000 {
                while WebPAnimDecoderHasMoreFrames(decoder) != 0, WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0 {
                    delays.append(Double(timestamp - previous) / 1000)
                    previous = timestamp
                }
            }
            return Info(width: Int(info.canvas_width), height: Int(info.canvas_height), frameCount: Int(info.frame_count),
                        loopCount: Int(info.loop_count), delays: delays)
        }
    }

    /// The composited canvas after frame `index`.
    static func frame(_ data: Data, index: Int, limits: ImageLimits) throws(ImageIOError) -> PixelBuffer {
        let result: Result<PixelBuffer, ImageIOError>? = withDecoder(data) { decoder in
            Result { () throws(ImageIOError) -> PixelBuffer in
                var info = WebPAnimInfo()
                guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw ImageIOError(.corrupt, "the animation header is invalid", format: .webp) }
                let width = Int(info.canvas_width), height = Int(info.canvas_height)
                try limits.check(width, height, format: .webp)
                var buffer: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                for _ in 0...index {
                    guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0 else {
                        throw ImageIOError(.corrupt, "frame \(index) of the animation cannot be decoded", format: .webp)
                    }
                }
                guard let buffer else { throw ImageIOError(.corrupt, "the animation produced no pixels", format: .webp) }
                return PixelBuffer(width: width, height: height, layout: .rgba, bitsPerComponent: 8, data: Data(bytes: buffer, count: width * height * 4))
            }
        }
        guard let result else { throw ImageIOError(.corrupt, "the animated WebP cannot be opened", format: .webp) }
        return try result.get()
    }

    /// ICC profile, EXIF (as TIFF) and XMP chunks.
    static func metadata(_ data: Data) -> ImageMetadata {
        var metadata = ImageMetadata()
        data.withUnsafeBytes { raw in
            var webpData = WebPData(bytes: raw.bindMemory(to: UInt8.self).baseAddress, size: raw.count)
            guard let demux = WebPDemux(&webpData) else { return }
            defer { WebPDemuxDelete(demux) }
            func chunk(_ fourCC: String) -> Data? {
                var iterator = WebPChunkIterator()
                guard WebPDemuxGetChunk(demux, fourCC, 1, &iterator) != 0 else { return nil }
                defer { WebPDemuxReleaseChunkIterator(&iterator) }
                guard let bytes = iterator.chunk.bytes, iterator.chunk.size > 0 else { return nil }
                return Data(bytes: bytes, count: iterator.chunk.size)
            }
            metadata.iccProfile = chunk("ICCP")
            if var exif = chunk("EXIF") {
                if exif.starts(with: Array("Exif\0\0".utf8)) { exif = exif.subdata(in: (exif.startIndex + 6)..<exif.endIndex) }
                metadata.exif = exif
            }
            metadata.xmp = chunk("XMP ")
        }
        metadata.adoptEXIFOrientation()
        return metadata
    }
}
