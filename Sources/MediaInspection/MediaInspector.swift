import Foundation

/// Reads what PhotoKit would know about a media file at import time: format, sizes, dates, location,
/// Live Photo / burst identifiers and capture subtypes. Only headers and metadata are read, never pixels.
///
/// All entry points are thread-safe and never print: FFmpeg logging is silenced process-wide on first use,
/// libtiff/LibRaw/libexif messages are routed to no-op handlers.
public enum MediaInspector {
    /// Inspects the file at `url`. The file is memory-mapped; only the parts each library needs are touched.
    public static func inspect(fileAt url: URL, options: InspectionOptions = .init()) throws(MediaInspectionError) -> MediaInfo {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw MediaInspectionError(code: .unreadable, path: path, message: "the file does not exist")
        }
        guard !isDirectory.boolValue else {
            throw MediaInspectionError(code: .unreadable, path: path, message: "this is a directory, not a file")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
        if size == 0 {
            throw MediaInspectionError(code: .empty, path: path, message: "the file is empty (0 bytes)")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw MediaInspectionError(code: .unreadable, path: path, message: "the file cannot be read (\(error.localizedDescription))")
        }
        return try inspect(data: data, path: path, options: options)
    }

    /// Inspects bytes already in memory. `filename` is used only in error messages.
    public static func inspect(data: Data, filename: String?, options: InspectionOptions = .init()) throws(MediaInspectionError) -> MediaInfo {
        try inspect(data: data, path: filename, options: options)
    }

    /// The format the leading bytes announce, or nil when they match no supported format.
    /// Pass at least the first 4 KiB so TIFF-based RAW files can be told from plain TIFF.
    public static func sniffFormat(_ prefix: Data) -> MediaInfo.Format? {
        prefix.withUnsafeBytes { FormatSniffer.sniff($0) }
    }

    static func inspect(data: Data, path: String?, options: InspectionOptions) throws(MediaInspectionError) -> MediaInfo {
        let result: Result<MediaInfo, MediaInspectionError> = data.withUnsafeBytes { bytes in
            Result { () throws(MediaInspectionError) -> MediaInfo in
                try inspect(InspectionSource(bytes: bytes, path: path, options: options))
            }
        }
        return try result.get()
    }

    static func inspect(_ source: InspectionSource) throws(MediaInspectionError) -> MediaInfo {
        guard !source.bytes.isEmpty else { throw source.error(.empty, "the file is empty (0 bytes)") }
        guard let format = FormatSniffer.sniff(source.bytes) else {
            if source.bytes.count < 16 && isPrefixOfKnownSignature(source.bytes) {
                throw source.error(.truncated, "the file ends inside its header")
            }
            throw source.error(.notMedia, "not a supported image, video or audio file")
        }
        switch format {
        case .jpeg: return try JPEGInspector.inspect(source)
        case .png: return try PNGInspector.inspect(source)
        case .gif: return try GIFInspector.inspect(source)
        case .webp: return try WebPInspector.inspect(source)
        case .tiff: return try TIFFInspector.inspect(source)
        case .heif: return try HEIFInspector.inspect(source)
        case .dng, .cameraRAW: return try RAWInspector.inspect(source, format: format)
        case .quickTime, .mpeg4, .m4a: return try VideoInspector.inspect(source, format: format)
        }
    }

    private static func isPrefixOfKnownSignature(_ b: UnsafeRawBufferPointer) -> Bool {
        let signatures: [[UInt8]] = [[0xFF, 0xD8, 0xFF], FormatSniffer.pngSignature, Array("GIF89a".utf8),
                                     Array("GIF87a".utf8), Array("RIFF".utf8), Array("II*\0".utf8), Array("MM\0*".utf8)]
        return signatures.contains { sig in b.count < sig.count && zip(b, sig).allSatisfy { $0 == $1 } }
            || (b.count < 12 && b.count > 4 && ByteReader(b).matches(4, String("ftyp".prefix(b.count - 4))))
    }
}

/// The bytes being inspected plus context for error messages.
struct InspectionSource {
    let bytes: UnsafeRawBufferPointer
    let path: String?
    let options: InspectionOptions

    func error(_ code: MediaInspectionError.Code, _ message: String) -> MediaInspectionError {
        MediaInspectionError(code: code, path: path, message: message)
    }

    /// Throws `.tooLarge` when a header claims more pixels than allowed.
    func checkPixelCount(_ width: Int, _ height: Int) throws(MediaInspectionError) {
        guard width > 0, height > 0 else { throw error(.corrupt, "the header claims an image of \(width)×\(height) pixels") }
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || product > options.maximumPixelCount {
            throw error(.tooLarge, "the header claims \(width)×\(height) pixels, more than the limit of \(options.maximumPixelCount)")
        }
    }
}
