import Foundation
internal import CWebP

/// WebP through libwebp: stills decode with libwebp's scaling as shrink-on-load; animations are one image per
/// frame (composited by `WebPAnimDecoder`). ICC, EXIF and XMP chunks come from the demuxer. Reading only: this
/// build has no WebP encoder (the WebP shim does not expose libwebp's encoder).
public struct WebPCodec: ImageCodec {
    public init() {}
    public var formats: [ImageFormat] { [.webp] }
    public var shrinkOnLoad: ShrinkOnLoad { [.scaledDecode] }

    public func sniff(_ prefix: UnsafeRawBufferPointer) -> ImageFormat? {
        guard prefix.count >= 12 else { return nil }
        return String(decoding: prefix[0..<4], as: UTF8.self) == "RIFF" && String(decoding: prefix[8..<12], as: UTF8.self) == "WEBP" ? .webp : nil
    }

    static func features(_ data: Data) throws(ImageIOError) -> WebPBitstreamFeatures {
        var features = WebPBitstreamFeatures()
        let status = data.withUnsafeBytes { WebPGetFeatures($0.bindMemory(to: UInt8.self).baseAddress, $0.count, &features) }
        guard status == VP8_STATUS_OK else { throw failure(status, "the WebP header cannot be read") }
        return features
    }

    static func failure(_ status: VP8StatusCode, _ what: String) -> ImageIOError {
        switch status {
        case VP8_STATUS_NOT_ENOUGH_DATA: ImageIOError(.truncated, "\(what) (the data ends early)", format: .webp)
        case VP8_STATUS_UNSUPPORTED_FEATURE: ImageIOError(.unsupported, "\(what) (unsupported feature)", format: .webp)
        case VP8_STATUS_OUT_OF_MEMORY: ImageIOError(.io, "\(what) (out of memory)", format: .webp)
        default: ImageIOError(.corrupt, "\(what) (invalid bitstream, status \(status.rawValue))", format: .webp)
        }
    }

    public func imageCount(in data: Data) throws(ImageIOError) -> Int {
        let features = try Self.features(data)
        guard features.has_animation != 0 else { return 1 }
        return WebPAnimation.info(data)?.frameCount ?? 1
    }

    public func header(of data: Data, index: Int, limits: ImageLimits) throws(ImageIOError) -> ImageHeader {
        let features = try Self.features(data)
        var width = Int(features.width), height = Int(features.height)
        var metadata = WebPAnimation.metadata(data)
        if features.has_animation != 0, let info = WebPAnimation.info(data) {
            width = info.width; height = info.height
            guard index >= 0, index < info.frameCount else {
                throw ImageIOError(.invalidArgument, "the WebP has \(info.frameCount) frame(s); index \(index) does not exist", format: .webp)
            }
            var webp: [String: PropertyValue] = ["LoopCount": .int(info.loopCount), "CanvasPixelWidth": .int(width), "CanvasPixelHeight": .int(height)]
            if index < info.delays.count {
                webp["DelayTime"] = .double(max(info.delays[index], 0.011)); webp["UnclampedDelayTime"] = .double(info.delays[index])
            }
            metadata.formatProperties["{WebP}"] = .dictionary(webp)
        } else if index != 0 {
            throw ImageIOError(.invalidArgument, "a still WebP holds one image; index \(index) does not exist", format: .webp)
        }
        try limits.check(width, height, format: .webp)
        return ImageHeader(format: .webp, width: width, height: height, hasAlpha: features.has_alpha != 0,
                           colorSource: metadata.iccProfile.map { .icc($0) } ?? .unspecified, metadata: metadata)
    }

    public func decode(_ data: Data, index: Int, header: ImageHeader, request: DecodeRequest) throws(ImageIOError) -> DecodedPixels {
        let features = try Self.features(data)
        if features.has_animation != 0 {
            let canvas = try WebPAnimation.frame(data, index: index, limits: request.limits)
            return DecodedPixels(pixels: header.hasAlpha ? canvas : canvas.declaringOpaque())
        }
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else { throw ImageIOError(.unsupported, "libwebp version mismatch", format: .webp) }
        var width = header.width, height = header.height
        if let minWidth = request.minimumWidth, let minHeight = request.minimumHeight, minWidth < width || minHeight < height {
            // Decode straight to the smallest size that still covers the request, keeping the aspect ratio.
            let scale = max(Double(minWidth) / Double(width), Double(minHeight) / Double(height))
            width = max(1, min(width, Int((Double(width) * scale).rounded(.up))))
            height = max(1, min(height, Int((Double(height) * scale).rounded(.up))))
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(width)
            config.options.scaled_height = Int32(height)
        }
        let layout: PixelBuffer.Layout = header.hasAlpha ? .rgba : .rgbx
        let pixels = try PixelBuffer(width: width, height: height, layout: layout, bitsPerComponent: 8) { (output) throws(ImageIOError) in
            config.output.colorspace = MODE_RGBA
            config.output.is_external_memory = 1
            config.output.u.RGBA.rgba = output.bindMemory(to: UInt8.self).baseAddress
            config.output.u.RGBA.stride = Int32(width * 4)
            config.output.u.RGBA.size = output.count
            let status = data.withUnsafeBytes { WebPDecode($0.bindMemory(to: UInt8.self).baseAddress, $0.count, &config) }
            guard status == VP8_STATUS_OK else { throw Self.failure(status, "the WebP image data cannot be decoded") }
        }
        return DecodedPixels(pixels: pixels)
    }
}
