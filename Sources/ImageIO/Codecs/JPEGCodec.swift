import Foundation
import CoreGraphics
internal import CTurboJPEG
internal import CJPEGRows

/// JPEG through libjpeg-turbo's TurboJPEG API, with DCT-domain scaling (1/2, 1/4, 1/8) as shrink-on-load.
/// Marker segments (EXIF, ICC, XMP, IPTC) are read in Swift (`JPEGMarkers`). A truncated file decodes to a
/// partial image (the missing rows grey) when the request allows it, and is an error otherwise.
public struct JPEGCodec: ImageCodec {
    /// Whether files with row-aligned restart intervals are decoded in bands on several threads.
    let parallelBands: Bool
    /// The codec (band decoding on).
    public init() { parallelBands = true }
    /// A codec that always decodes serially (for comparisons).
    init(parallelBands: Bool) { self.parallelBands = parallelBands }
    public var formats: [ImageFormat] { [.jpeg] }
    public var shrinkOnLoad: ShrinkOnLoad { [.dctScaling, .embeddedPreview] }

    public func sniff(_ prefix: UnsafeRawBufferPointer) -> ImageFormat? {
        prefix.count >= 3 && prefix[0] == 0xFF && prefix[1] == 0xD8 && prefix[2] == 0xFF ? .jpeg : nil
    }

    public func imageCount(in data: Data) throws(ImageIOError) -> Int { 1 }

    public func header(of data: Data, index: Int, limits: ImageLimits) throws(ImageIOError) -> ImageHeader {
        guard index == 0 else { throw ImageIOError(.invalidArgument, "a JPEG holds one image; index \(index) does not exist", format: .jpeg) }
        let markers = try JPEGMarkers(data)
        try limits.check(markers.width, markers.height, format: .jpeg)
        var metadata = ImageMetadata(exif: markers.exif, iccProfile: markers.icc, xmp: markers.xmp, iptc: markers.iptc)
        metadata.adoptEXIFOrientation()
        if let jfif = markers.jfif {
            metadata.formatProperties["{JFIF}"] = .dictionary([
                "Version": .array(jfif.version.map(PropertyValue.int)), "DensityUnit": .int(jfif.units),
                "XDensity": .int(jfif.x), "YDensity": .int(jfif.y), "IsProgressive": .bool(markers.isProgressive)])
            if jfif.units == 1 { metadata.dpi = (Double(jfif.x), Double(jfif.y)) }
            if jfif.units == 2 { metadata.dpi = (Double(jfif.x) * 2.54, Double(jfif.y) * 2.54) }
        }
        let model: ImageHeader.ColorModel = markers.components == 1 ? .gray : markers.components == 4 ? .cmyk : .rgb
        var header = ImageHeader(format: .jpeg, width: markers.width, height: markers.height, bitsPerComponent: markers.precision,
                                 colorModel: model, colorSource: markers.icc.map { .icc($0) } ?? .unspecified, metadata: metadata)
        if let thumbnail = Self.exifThumbnail(markers.exif), let thumbMarkers = try? JPEGMarkers(thumbnail) {
            header.embeddedThumbnailSize = (thumbMarkers.width, thumbMarkers.height)
        }
        return header
    }

    /// One 8-bit buffer at the DCT-scaled size.
    public func decodeCost(header: ImageHeader, request: DecodeRequest) -> Int {
        let denominator = Self.scaleDenominator(width: header.width, height: header.height, request: request)
        return ImageLimits.bufferBytes(width: (header.width + denominator - 1) / denominator, height: (header.height + denominator - 1) / denominator,
                                       components: header.colorModel == .gray ? 1 : 4, bytesPerComponent: 1)
    }

    public func decode(_ data: Data, index: Int, header: ImageHeader, request: DecodeRequest) throws(ImageIOError) -> DecodedPixels {
        guard let handle = tjInitDecompress() else { throw ImageIOError(.unsupported, "TurboJPEG could not be initialised", format: .jpeg) }
        defer { tjDestroy(handle) }
        let denominator = Self.scaleDenominator(width: header.width, height: header.height, request: request)
        let width = (header.width + denominator - 1) / denominator
        let height = (header.height + denominator - 1) / denominator
        let layout: PixelBuffer.Layout = header.colorModel == .gray ? .gray : .rgbx
        let format = header.colorModel == .gray ? TJPF_GRAY : header.colorModel == .cmyk ? TJPF_CMYK : TJPF_RGBX
        let bytesPerPixel = header.colorModel == .gray ? 1 : 4
        var warning: String?
        // At 1/4 and 1/8 scale the image will be resampled further anyway: plain chroma replication is enough.
        let flags = TJFLAG_LIMITSCANS | (denominator >= 4 ? TJFLAG_FASTUPSAMPLE : 0)
        let pixels = try PixelBuffer(width: width, height: height, layout: layout, bitsPerComponent: 8) { (output) throws(ImageIOError) in
            if parallelBands, Self.decodeInBands(data, into: output, denominator: denominator, format: format, bytesPerPixel: bytesPerPixel, flags: flags) {
                return
            }
            if parallelBands, denominator == 1, format == TJPF_RGBX || format == TJPF_GRAY,
               Self.decodeInTwoParts(data, into: output, width: width, height: height, bytesPerPixel: bytesPerPixel) {
                return
            }
            let status = data.withUnsafeBytes { source in
                tjDecompress2(handle, source.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt(source.count),
                              output.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(width), Int32(width * bytesPerPixel),
                              Int32(height), Int32(format.rawValue), flags)
            }
            guard status != 0 else { return }
            let reason = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
            if tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) { warning = reason; return }
            throw ImageIOError(Self.isTruncation(reason) ? .truncated : .corrupt, "the JPEG data cannot be decoded (\(reason))", format: .jpeg)
        }
        var isPartial = false
        if let warning {
            // libjpeg reports a premature end of data as a warning and fills the rest of the image.
            guard request.allowPartial else {
                let code: ImageIOError.Code = Self.isTruncation(warning) ? .truncated : .corrupt
                throw ImageIOError(code, "the JPEG image data is incomplete (\(warning))", format: .jpeg)
            }
            isPartial = true
        }
        if header.colorModel == .cmyk {
            // Adobe (APP14) CMYK JPEGs store inverted values.
            let inverted = (try? JPEGMarkers(data))?.adobeTransform != nil
            return try CMYKConversion.toRGB(pixels, inverted: inverted,
                                            profile: header.metadata.iccProfile, isPartial: isPartial)
        }
        return DecodedPixels(pixels: pixels, isPartial: isPartial)
    }

    public func embeddedThumbnail(of data: Data, index: Int, header: ImageHeader, request: DecodeRequest) throws(ImageIOError) -> DecodedPixels? {
        guard let thumbnail = Self.exifThumbnail(header.metadata.exif) else { return nil }
        let thumbHeader = try self.header(of: thumbnail, index: 0, limits: request.limits)
        return try decode(thumbnail, index: 0, header: thumbHeader, request: request)
    }

    /// Decodes restart-interval bands on several threads into `output` (rows of `width × bytesPerPixel`); false
    /// (output untouched or to be overwritten) when the file cannot be split or a band fails.
    static func decodeInBands(_ data: Data, into output: UnsafeMutableRawBufferPointer, denominator: Int, format: TJPF,
                              bytesPerPixel: Int, flags: Int32) -> Bool {
        let threads = min(ProcessInfo.processInfo.activeProcessorCount, 4)
        guard threads > 1, data.count >= 256 << 10, let markers = try? JPEGMarkers(data) else { return false }
        // Fancy upsampling reads chroma rows across band edges unless chroma is not subsampled vertically or
        // the decode is scaled by 1/4 or more (then chroma is replicated).
        let verticalSubsampling = Set(markers.sampling.map(\.v)).count > 1
        guard denominator >= 4 || !verticalSubsampling,
              let split = JPEGRestartBands(data, markers: markers, bands: threads * 4) else { return false }
        let mcu = JPEGRestartBands.mcuSize(markers)
        guard mcu.height % denominator == 0 else { return false }
        // Four bands per thread: each worker holds only the band it decodes (a copy of a quarter of its share).
        let rowBytes = (markers.width + denominator - 1) / denominator * bytesPerPixel
        return split.decode(0..<split.bands.count, from: data, into: output.baseAddress!, firstRow: 0, bytesPerRow: rowBytes,
                            format: format, flags: flags, denominator: denominator)
    }

    /// Decodes a full-size JPEG without restart markers on two threads: one decodes the top rows, the other skips
    /// them (entropy decoding only: about two thirds of a row's cost at photo qualities) and decodes the rest, so
    /// the split is at three quarters. The same bytes as one `tjDecompress2` (the same libjpeg-turbo, IDCT and
    /// upsampling). False (the output to be overwritten) for progressive or multi-scan files, small images, one
    /// core, or any error or warning — the caller then decodes the usual way, which reports them.
    static func decodeInTwoParts(_ data: Data, into output: UnsafeMutableRawBufferPointer, width: Int, height: Int,
                                 bytesPerPixel: Int) -> Bool {
        guard ProcessInfo.processInfo.activeProcessorCount > 1, width * height >= 2_000_000, height >= 64 else { return false }
        let split = height * 3 / 4 / 16 * 16
        let rowBytes = width * bytesPerPixel
        let failures = Atomic(0)
        nonisolated(unsafe) let destination = output.baseAddress!
        data.withUnsafeBytes { source in
            nonisolated(unsafe) let bytes = source
            DispatchQueue.concurrentPerform(iterations: 2) { part in
                let first = part == 0 ? 0 : split, count = part == 0 ? split : height - split
                let status = jpeg_decode_rows(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, Int32(first), Int32(count),
                                              (destination + first * rowBytes).assumingMemoryBound(to: UInt8.self), rowBytes,
                                              bytesPerPixel == 1 ? 1 : 0)
                if status != JPEG_ROWS_DONE { failures.add(1) }
            }
        }
        return failures.load() == 0
    }

    /// The largest power-of-two DCT scale (1, 2, 4, 8) whose output still satisfies the request.
    static func scaleDenominator(width: Int, height: Int, request: DecodeRequest) -> Int {
        guard request.minimumWidth != nil || request.minimumHeight != nil else { return 1 }
        var best = 1
        for denominator in [2, 4, 8] {
            let w = (width + denominator - 1) / denominator, h = (height + denominator - 1) / denominator
            if w >= (request.minimumWidth ?? 0) && h >= (request.minimumHeight ?? 0) { best = denominator }
        }
        return best
    }

    static func isTruncation(_ reason: String) -> Bool {
        let lowered = reason.lowercased()
        return lowered.contains("premature end") || lowered.contains("end of") || lowered.contains("truncat")
    }

    /// The JPEG thumbnail an EXIF block's IFD1 points at.
    static func exifThumbnail(_ exif: Data?) -> Data? {
        guard let exif, let tiff = TIFFStructure(exif) else { return nil }
        let ifd1 = tiff.standardDirectories().ifd1
        guard let offset = tiff.pointer(in: ifd1, tag: 0x0201), let length = tiff.pointer(in: ifd1, tag: 0x0202),
              length > 4, offset > 0, offset + length <= tiff.data.count else { return nil }
        let thumbnail = tiff.data.subdata(in: offset..<(offset + length))
        return thumbnail.starts(with: [0xFF, 0xD8]) ? thumbnail : nil
    }
}
