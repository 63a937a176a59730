import Foundation
import CoreGraphics
internal import CTiff

/// TIFF writing through libtiff into memory: 8/16-bit RGB, RGBA (unassociated alpha), gray or gray + alpha, LZW
/// with horizontal differencing (uncompressed when `compressionLevel` is 0), the ICC profile, resolution, and the
/// descriptive `{TIFF}` tags of the EXIF block (Make, Model, Software, DateTime, Artist, Copyright,
/// ImageDescription, Orientation). EXIF and GPS sub-IFDs are not written (a deliberate limit of this port).
public struct TIFFEncoder: ImageEncoding {
    public init() {}
    public var encodedFormats: [ImageFormat] { [.tiff] }

    /// A growable in-memory file libtiff reads, writes and seeks through `thandle_t`.
    final class MemoryFile {
        var bytes = [UInt8]()
        var position = 0
    }

    public func encode(_ image: EncodableImage, as format: ImageFormat, options: EncodeOptions) throws(ImageIOError) -> Data {
        let pixels = image.pixels
        let file = MemoryFile()
        let handle = Unmanaged.passRetained(file)
        defer { handle.release() }
        guard let tiff = TIFFClientOpen("memory", "w", handle.toOpaque(), Self.read, Self.write, Self.seek, Self.close, Self.size,
                                        Self.map, Self.unmap) else {
            throw ImageIOError(.encodingFailed, "libtiff could not start writing", format: .tiff)
        }
        var closed = false
        defer { if !closed { TIFFClose(tiff) } }
        let colors = pixels.layout.isColor ? 3 : 1
        let alpha = pixels.layout.hasAlpha
        let samples = colors + (alpha ? 1 : 0)
        func set(_ tag: Int32, _ values: [any CVarArg]) { _ = withVaList(values) { TIFFVSetField(tiff, UInt32(tag), $0) } }
        set(TIFFTAG_IMAGEWIDTH, [UInt32(pixels.width)])
        set(TIFFTAG_IMAGELENGTH, [UInt32(pixels.height)])
        set(TIFFTAG_BITSPERSAMPLE, [Int32(pixels.bitsPerComponent)])
        set(TIFFTAG_SAMPLESPERPIXEL, [Int32(samples)])
        set(TIFFTAG_PHOTOMETRIC, [Int32(colors == 3 ? PHOTOMETRIC_RGB : PHOTOMETRIC_MINISBLACK)])
        set(TIFFTAG_PLANARCONFIG, [Int32(PLANARCONFIG_CONTIG)])
        set(TIFFTAG_ORIENTATION, [Int32(image.metadata.exif.flatMap(EXIFOrientation.read)?.rawValue ?? 1)])
        if alpha {
            var extra: UInt16 = UInt16(EXTRASAMPLE_UNASSALPHA)
            withUnsafeMutablePointer(to: &extra) { pointer in set(TIFFTAG_EXTRASAMPLES, [Int32(1), pointer]) }
        }
        if options.compressionLevel > 0 {
            set(TIFFTAG_COMPRESSION, [Int32(COMPRESSION_LZW)])
            set(TIFFTAG_PREDICTOR, [Int32(PREDICTOR_HORIZONTAL)])
        } else {
            set(TIFFTAG_COMPRESSION, [Int32(COMPRESSION_NONE)])
        }
        set(TIFFTAG_ROWSPERSTRIP, [TIFFDefaultStripSize(tiff, 0)])
        let dpi = image.metadata.dpi ?? (72, 72)
        set(TIFFTAG_XRESOLUTION, [dpi.x])
        set(TIFFTAG_YRESOLUTION, [dpi.y])
        set(TIFFTAG_RESOLUTIONUNIT, [Int32(RESUNIT_INCH)])
        var keepAlive: [Data] = []
        if let exif = image.metadata.exif {
            let tags = EXIFProperties.read(exif).tiff
            let text: [(Int32, String)] = [(TIFFTAG_MAKE, "Make"), (TIFFTAG_MODEL, "Model"), (TIFFTAG_SOFTWARE, "Software"),
                                           (TIFFTAG_DATETIME, "DateTime"), (TIFFTAG_ARTIST, "Artist"), (TIFFTAG_COPYRIGHT, "Copyright"),
                                           (TIFFTAG_IMAGEDESCRIPTION, "ImageDescription"), (TIFFTAG_HOSTCOMPUTER, "HostComputer")]
            for (tag, key) in text {
                guard let value = tags[key]?.stringValue else { continue }
                let cString = Data(value.utf8) + Data([0])
                keepAlive.append(cString)
                cString.withUnsafeBytes { raw in set(tag, [OpaquePointer(raw.baseAddress!)]) }
            }
        }
        if options.embedColorProfile {
            let icc = image.colorSpace.iccData
            icc.withUnsafeBytes { raw in set(TIFFTAG_ICCPROFILE, [UInt32(raw.count), OpaquePointer(raw.baseAddress!)]) }
        }
        let packed = pixels.packedRows(dropPadding: true)
        let rowBytes = pixels.width * samples * pixels.bitsPerComponent / 8
        var row = [UInt8](repeating: 0, count: rowBytes)
        for y in 0..<pixels.height {
            packed.withUnsafeBytes { raw in row.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[(y * rowBytes)..<((y + 1) * rowBytes)])) } }
            guard TIFFWriteScanline(tiff, &row, UInt32(y), 0) == 1 else {
                throw ImageIOError(.encodingFailed, "libtiff could not write row \(y)", format: .tiff)
            }
        }
        TIFFClose(tiff)
        closed = true
        _ = keepAlive
        return Data(file.bytes)
    }

    private static func file(_ handle: thandle_t?) -> MemoryFile { Unmanaged<MemoryFile>.fromOpaque(handle!).takeUnretainedValue() }

    private static let read: TIFFReadWriteProc = { handle, buffer, count in
        let file = TIFFEncoder.file(handle)
        let available = max(0, min(Int(count), file.bytes.count - file.position))
        if available > 0, let buffer {
            file.bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + file.position, byteCount: available) }
            file.position += available
        }
        return tmsize_t(available)
    }
    private static let write: TIFFReadWriteProc = { handle, buffer, count in
        let file = TIFFEncoder.file(handle)
        guard let buffer, count > 0 else { return 0 }
        let length = Int(count)
        let end = file.position + length
        if end > file.bytes.count { file.bytes.append(contentsOf: [UInt8](repeating: 0, count: end - file.bytes.count)) }
        file.bytes.withUnsafeMutableBytes { ($0.baseAddress! + file.position).copyMemory(from: buffer, byteCount: length) }
        file.position = end
        return count
    }
    private static let seek: TIFFSeekProc = { handle, offset, whence in
        let file = TIFFEncoder.file(handle)
        let base = whence == SEEK_CUR ? file.position : whence == SEEK_END ? file.bytes.count : 0
        file.position = max(0, base + Int(Int64(bitPattern: offset)))
        return toff_t(file.position)
    }
    private static let close: TIFFCloseProc = { _ in 0 }
    private static let size: TIFFSizeProc = { handle in toff_t(TIFFEncoder.file(handle).bytes.count) }
    private static let map: TIFFMapFileProc = { _, _, _ in 0 }
    private static let unmap: TIFFUnmapFileProc = { _, _, _ in }
}
