import Foundation
import CoreGraphics
internal import CTurboJPEG

/// JPEG writing through TurboJPEG, then EXIF/XMP/ICC/IPTC segments spliced in after the JFIF header in Swift.
/// Images of 2 MP and more are encoded in bands on all cores and joined with restart markers (`JPEGBandEncoder`).
/// Alpha is composited over black (Apple's default background); gray stays one component; 16-bit is rounded to 8.
public struct JPEGEncoder: ImageEncoding, StripEncoding {
    public init() {}
    public var encodedFormats: [ImageFormat] { [.jpeg] }

    public func encode(_ image: EncodableImage, as format: ImageFormat, options: EncodeOptions) throws(ImageIOError) -> Data {
        var pixels = image.pixels.converted(toBitsPerComponent: 8)
        if pixels.layout.hasAlpha { pixels = pixels.premultiplied(inverse: false) }
        let gray = !pixels.layout.isColor
        if pixels.layout == .grayAlpha { pixels = pixels.droppingAlpha() }
        guard let handle = tjInitCompress() else { throw ImageIOError(.encodingFailed, "TurboJPEG could not be initialised", format: .jpeg) }
        defer { tjDestroy(handle) }
        let (quality, subsampling) = Self.settings(gray: gray, options: options)
        let segments = Self.segments(image.metadata, colorSpace: image.colorSpace, options: options)
        if let banded = JPEGBandEncoder.encode(pixels, format: gray ? TJPF_GRAY : TJPF_RGBX, subsampling: subsampling, quality: quality,
                                               segments: segments) {
            return banded
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = pixels.withUnsafeBytes { raw in
            tjCompress2(handle, raw.bindMemory(to: UInt8.self).baseAddress, Int32(pixels.width), Int32(pixels.bytesPerRow),
                        Int32(pixels.height), Int32((gray ? TJPF_GRAY : TJPF_RGBX).rawValue), &output, &size,
                        Int32(subsampling.rawValue), quality, 0)
        }
        guard status == 0, let output else {
            let reason = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
            throw ImageIOError(.encodingFailed, "TurboJPEG could not compress the image (\(reason))", format: .jpeg)
        }
        defer { tjFree(output) }
        return JPEGSegmentWriter.splice(segments, into: Data(bytes: output, count: Int(size)))
    }

    /// Encodes a large RGBX or gray image strip by strip: a few bands of ``JPEGBandEncoder`` are read from the
    /// stream (about 480 rows, a whole number of bands per thread) and encoded before the next are made, so only
    /// those rows are ever in memory.
    /// The same bytes as `encode` of the whole image; `nil` for images too small to be banded.
    func encode(streamed pixels: StreamedPixels, colorSpace: CGColorSpace, metadata: ImageMetadata,
                as format: ImageFormat, options: EncodeOptions) throws(ImageIOError) -> Data? {
        let gray = pixels.layout == .gray
        let (quality, subsampling) = Self.settings(gray: gray, options: options)
        guard pixels.layout == .rgbx || gray,
              let encoder = JPEGBandEncoder(width: pixels.width, height: pixels.height, format: gray ? TJPF_GRAY : TJPF_RGBX,
                                            subsampling: subsampling, quality: quality) else { return nil }
        // Strips of about 480 rows, a whole number of bands for each thread: a renderer behind the provider then
        // recomputes little of a neighbourhood's reach per strip (a blur export: 229 -> 210 ms against strips of one
        // band a thread), and the strip and its source stay a few tens of MB.
        let threads = min(ProcessInfo.processInfo.activeProcessorCount, 4)
        let bandsPerStrip = threads * max(1, (480 + threads * encoder.bandHeight - 1) / (threads * encoder.bandHeight))
        let stripBytes = bandsPerStrip * encoder.bandHeight * pixels.bytesPerRow
        let strip = UnsafeMutableRawPointer.allocate(byteCount: stripBytes, alignment: 64)
        defer { strip.deallocate() }
        do {
            let reader = try pixels.rows.makeReader()
            var band = 0
            while band < encoder.bandCount {
                let bands = band..<min(encoder.bandCount, band + bandsPerStrip)
                let rows = encoder.rows(ofBand: bands.lowerBound).lowerBound..<encoder.rows(ofBand: bands.upperBound - 1).upperBound
                try reader.read(rows.count, into: strip, bytesPerRow: pixels.bytesPerRow)
                guard encoder.encodeBands(bands, rows: strip, bytesPerRow: pixels.bytesPerRow) else {
                    throw ImageIOError(.encodingFailed, "TurboJPEG could not compress rows \(rows)", format: .jpeg)
                }
                band = bands.upperBound
            }
        } catch let error as ImageIOError {
            throw error
        } catch {
            throw ImageIOError(.encodingFailed, "the image's pixels could not be made (\(error))", format: .jpeg)
        }
        guard let joined = encoder.finish(segments: Self.segments(metadata, colorSpace: colorSpace, options: options)) else {
            throw ImageIOError(.encodingFailed, "the JPEG's bands could not be joined", format: .jpeg)
        }
        return joined
    }

    /// TurboJPEG's quality and chroma subsampling for the options: 4:4:4 from quality 0.9 up unless the options
    /// name a subsampling.
    private static func settings(gray: Bool, options: EncodeOptions) -> (quality: Int32, subsampling: TJSAMP) {
        let quality = Int32(max(1, min(100, (options.quality * 100).rounded())))
        guard !gray else { return (quality, TJSAMP_GRAY) }
        switch options.chromaSubsampling ?? (options.quality >= 0.9 ? .s444 : .s420) {
        case .s444: return (quality, TJSAMP_444)
        case .s422: return (quality, TJSAMP_422)
        case .s420: return (quality, TJSAMP_420)
        }
    }

    /// The APPn segments written after the JFIF header.
    private static func segments(_ metadata: ImageMetadata, colorSpace: CGColorSpace, options: EncodeOptions) -> Data {
        JPEGSegmentWriter.segments(exif: metadata.exif, xmp: metadata.xmp, icc: options.embedColorProfile ? colorSpace.iccData : nil,
                                   iptc: metadata.iptc)
    }
}

/// Writes APPn segments into a JPEG produced by TurboJPEG (which writes only SOI + JFIF APP0).
enum JPEGSegmentWriter {
    static func segment(_ marker: UInt8, _ payload: Data) -> Data {
        var bytes = Data([0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)])
        bytes.append(payload)
        return bytes
    }

    /// `jpeg` with `segments` (from ``segments(exif:xmp:icc:iptc:)``) inserted at ``insertionPoint(of:)``.
    static func splice(_ segments: Data, into jpeg: Data) -> Data {
        guard !segments.isEmpty else { return jpeg }
        let insertAt = insertionPoint(of: jpeg)
        var result = Data(capacity: jpeg.count + segments.count)
        result.append(jpeg.prefix(insertAt))
        result.append(segments)
        result.append(jpeg.dropFirst(insertAt))
        return result
    }

    /// Where the APPn segments go: after SOI and any APP0 (JFIF) that follows it.
    static func insertionPoint(of jpeg: Data) -> Int {
        guard jpeg.count > 6, jpeg[jpeg.startIndex + 2] == 0xFF, jpeg[jpeg.startIndex + 3] == 0xE0 else { return 2 }
        return 4 + (Int(jpeg[jpeg.startIndex + 4]) << 8 | Int(jpeg[jpeg.startIndex + 5]))
    }

    /// The EXIF, XMP, ICC and IPTC blocks as APPn segments, in that order; blocks too large for one segment are
    /// split (ICC) or left out (EXIF over 64 KiB, XMP over 64 KiB).
    static func segments(exif: Data?, xmp: Data?, icc: Data?, iptc: Data?) -> Data {
        var segments = Data()
        if let exif, exif.count + 8 <= 65535 {
            segments.append(segment(0xE1, Data(JPEGMarkers.exifSignature) + exif))
        }
        if let xmp, xmp.count + JPEGMarkers.xmpSignature.count + 2 <= 65535 {
            segments.append(segment(0xE1, Data(JPEGMarkers.xmpSignature) + xmp))
        }
        if let icc, !icc.isEmpty {
            let chunk = 65519
            let count = (icc.count + chunk - 1) / chunk
            if count <= 255 {
                for i in 0..<count {
                    let part = icc.subdata(in: (icc.startIndex + i * chunk)..<(icc.startIndex + min(icc.count, (i + 1) * chunk)))
                    segments.append(segment(0xE2, Data(JPEGMarkers.iccSignature) + Data([UInt8(i + 1), UInt8(count)]) + part))
                }
            }
        }
        if let iptc, iptc.count + 30 <= 65535 {
            var resource = Data(JPEGMarkers.photoshopSignature) + Data("8BIM".utf8) + Data([0x04, 0x04, 0, 0])
            resource.append(contentsOf: withUnsafeBytes(of: UInt32(iptc.count).bigEndian, Array.init))
            resource.append(iptc)
            if iptc.count % 2 == 1 { resource.append(0) }
            segments.append(segment(0xED, resource))
        }
        return segments
    }
}

extension PixelBuffer {
    /// Gray + alpha reduced to gray (alpha dropped).
    func droppingAlpha() -> PixelBuffer {
        switch layout {
        case .rgba: return declaringOpaque()
        case .grayAlpha:
            let step = bitsPerComponent / 8
            var output = Data(count: width * height * step)
            output.withUnsafeMutableBytes { (out: UnsafeMutableRawBufferPointer) in
                data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
                    for y in 0..<height {
                        for x in 0..<width {
                            for b in 0..<step { out[(y * width + x) * step + b] = input[y * bytesPerRow + x * 2 * step + b] }
                        }
                    }
                }
            }
            return PixelBuffer(width: width, height: height, layout: .gray, bitsPerComponent: bitsPerComponent, data: output)
        default: return self
        }
    }
}
