import Foundation

/// GIF through giflib: every frame is an image (`CGImageSourceGetCount` = frame count), composited on the
/// canvas by the frames' disposal modes, transparent where nothing was drawn. `{GIF}` carries DelayTime
/// (clamped to 0.1 s below 0.011 s, as browsers and Apple do), UnclampedDelayTime, LoopCount and HasGlobalColorMap.
public struct GIFCodec: ImageCodec {
    public init() {}
    public var formats: [ImageFormat] { [.gif] }
    public var shrinkOnLoad: ShrinkOnLoad { [.rowReduction] }

    public func sniff(_ prefix: UnsafeRawBufferPointer) -> ImageFormat? {
        guard prefix.count >= 6 else { return nil }
        let magic = String(decoding: prefix[0..<6], as: UTF8.self)
        return magic == "GIF87a" || magic == "GIF89a" ? .gif : nil
    }

    public func imageCount(in data: Data) throws(ImageIOError) -> Int {
        try GIFReader(data, limits: ImageLimits(maxPixelCount: Int.max)).frames.count
    }

    public func header(of data: Data, index: Int, limits: ImageLimits) throws(ImageIOError) -> ImageHeader {
        let reader = try GIFReader(data, limits: limits)
        guard index >= 0, index < reader.frames.count else {
            throw ImageIOError(.invalidArgument, "the GIF has \(reader.frames.count) frame(s); index \(index) does not exist", format: .gif)
        }
        let frame = reader.frames[index]
        let delay = Double(frame.delay) / 100
        var gif: [String: PropertyValue] = [
            "DelayTime": .double(delay < 0.011 ? 0.1 : delay), "UnclampedDelayTime": .double(delay),
            "HasGlobalColorMap": .bool(reader.hasGlobalColorMap),
        ]
        if let loops = reader.loopCount { gif["LoopCount"] = .int(loops) }
        var metadata = ImageMetadata()
        metadata.formatProperties["{GIF}"] = .dictionary(gif)
        return ImageHeader(format: .gif, width: reader.canvasWidth, height: reader.canvasHeight, bitsPerComponent: 8,
                           hasAlpha: reader.usesTransparency, isIndexed: true, metadata: metadata)
    }

    /// The sampling step of the canvas for `request`: the largest that keeps it at least twice the requested size
    /// (Lanczos then makes the exact size), 1 for a full-size decode.
    static func samplingStep(width: Int, height: Int, request: DecodeRequest) -> Int {
        guard let minimumWidth = request.minimumWidth, let minimumHeight = request.minimumHeight,
              minimumWidth > 0, minimumHeight > 0 else { return 1 }
        return max(1, min(width / minimumWidth, height / minimumHeight) / 2)
    }

    /// The (sampled) canvas twice: compositing keeps the previous canvas for frames disposed to "previous".
    public func decodeCost(header: ImageHeader, request: DecodeRequest) -> Int {
        let step = Self.samplingStep(width: header.width, height: header.height, request: request)
        let canvas = ImageLimits.bufferBytes(width: (header.width + step - 1) / step, height: (header.height + step - 1) / step,
                                             components: 4, bytesPerComponent: 1)
        return canvas > Int.max / 2 ? Int.max : 2 * canvas
    }

    public func decode(_ data: Data, index: Int, header: ImageHeader, request: DecodeRequest) throws(ImageIOError) -> DecodedPixels {
        let step = Self.samplingStep(width: header.width, height: header.height, request: request)
        let reader = try GIFReader(data, composite: index, step: step, limits: request.limits)
        guard index < reader.frames.count, let canvas = reader.canvas else {
            throw ImageIOError(.truncated, "the GIF ends before frame \(index)", format: .gif)
        }
        if reader.truncated && !request.allowPartial {
            throw ImageIOError(.truncated, "the GIF data ends inside frame \(index)", format: .gif)
        }
        let pixels = PixelBuffer(width: reader.sampledWidth, height: reader.sampledHeight, layout: header.hasAlpha ? .rgba : .rgbx,
                                 bitsPerComponent: 8, data: canvas)
        return DecodedPixels(pixels: pixels, isPartial: reader.truncated)
    }
}
