import Foundation
import CoreGraphics
internal import CTiff

/// TIFF through libtiff (errors and warnings silenced, single allocations capped by the shim). 8/16-bit RGB and
/// gray strips are read exactly by scanline; anything else (tiles, palette, CMYK, YCbCr, 1–4-bit) through
/// libtiff's RGBA reader at 8 bits. Each directory (page) is one image. Metadata: the file's own IFD0, EXIF and
/// GPS IFDs give `{TIFF}`/`{Exif}`/`{GPS}`, kept as a compact EXIF block for re-encoding.
public struct TIFFCodec: ImageCodec {
    public init() {}
    public var formats: [ImageFormat] { [.tiff] }
    public var shrinkOnLoad: ShrinkOnLoad { [] }

    public func sniff(_ prefix: UnsafeRawBufferPointer) -> ImageFormat? {
        guard prefix.count >= 4 else { return nil }
        let ii = prefix[0] == 0x49 && prefix[1] == 0x49 && prefix[2] == 0x2A && prefix[3] == 0
        let mm = prefix[0] == 0x4D && prefix[1] == 0x4D && prefix[2] == 0 && prefix[3] == 0x2A
        return ii || mm ? .tiff : nil
    }

    /// libtiff over `data`, positioned on directory `index`.
    static func withTIFF<R>(_ data: Data, index: Int, _ body: (OpaquePointer) throws(ImageIOError) -> R) throws(ImageIOError) -> R {
        let result: Result<R, ImageIOError> = data.withUnsafeBytes { raw in
            Result { () throws(ImageIOError) -> R in
                var memory = ctiff_memory(data: raw.bindMemory(to: UInt8.self).baseAddress, size: UInt64(raw.count), pos: 0)
                guard let tiff = ctiff_open_memory(&memory) else {
                    throw ImageIOError(raw.count < 8 ? .truncated : .corrupt, "libtiff cannot open the file (damaged or truncated header)", format: .tiff)
                }
                defer { TIFFClose(tiff) }
                guard index >= 0, index < Int(TIFFNumberOfDirectories(tiff)), TIFFSetDirectory(tiff, tdir_t(index)) != 0 else {
                    throw ImageIOError(.invalidArgument, "the TIFF has no page \(index)", format: .tiff)
                }
                return try body(tiff)
            }
        }
        return try result.get()
    }

    struct Layout {
        var width = 0, height = 0, bits = 8, samples = 1, photometric = 1, planar = 1, extra = 0, associatedAlpha = false
        var orientation = 1
        var icc: Data?

        init(_ tiff: OpaquePointer) {
            var u32: UInt32 = 0, u16: UInt16 = 0
            if ctiff_get_u32(tiff, UInt32(TIFFTAG_IMAGEWIDTH), &u32) != 0 { width = Int(u32) }
            if ctiff_get_u32(tiff, UInt32(TIFFTAG_IMAGELENGTH), &u32) != 0 { height = Int(u32) }
            if ctiff_get_u16(tiff, UInt32(TIFFTAG_BITSPERSAMPLE), &u16) != 0 { bits = Int(u16) }
            if ctiff_get_u16(tiff, UInt32(TIFFTAG_SAMPLESPERPIXEL), &u16) != 0 { samples = Int(u16) }
            if ctiff_get_u16(tiff, UInt32(TIFFTAG_PHOTOMETRIC), &u16) != 0 { photometric = Int(u16) }
            if ctiff_get_u16(tiff, UInt32(TIFFTAG_PLANARCONFIG), &u16) != 0 { planar = Int(u16) }
            if ctiff_get_u16(tiff, UInt32(TIFFTAG_ORIENTATION), &u16) != 0 { orientation = Int(u16) }
            var count: UInt16 = 0
            var types: UnsafeMutablePointer<UInt16>?
            if ctiff_get_extra_samples(tiff, &count, &types) != 0, count > 0, let types {
                extra = Int(count)
                associatedAlpha = types[0] == 1
            }
            var size: UInt32 = 0
            var bytes: UnsafeMutableRawPointer?
            if ctiff_get_bytes(tiff, UInt32(TIFFTAG_ICCPROFILE), &size, &bytes) != 0, let bytes, size > 0, size < 64 << 20 {
                icc = Data(bytes: bytes, count: Int(size))
            }
        }

        var isGray: Bool { photometric == 0 || photometric == 1 }
        var hasAlpha: Bool { extra > 0 && (isGray ? samples >= 2 : samples >= 4) }
        /// Strips of 8/16-bit contiguous RGB or min-is-black gray, read exactly.
        var isExact: Bool { (bits == 8 || bits == 16) && planar == 1 && (photometric == 2 && samples >= 3 || photometric == 1) }
    }

    public func imageCount(in data: Data) throws(ImageIOError) -> Int {
        try Self.withTIFF(data, index: 0) { tiff in Int(TIFFNumberOfDirectories(tiff)) }
    }

    public func header(of data: Data, index: Int, limits: ImageLimits) throws(ImageIOError) -> ImageHeader {
        let layout = try Self.withTIFF(data, index: index) { tiff in Layout(tiff) }
        try limits.check(layout.width, layout.height, format: .tiff)
        var metadata = ImageMetadata(iccProfile: layout.icc)
        if index == 0 {
            let dictionaries = EXIFProperties.read(data)
            let descriptive = dictionaries.tiff.filter { !["Compression", "PhotometricInterpretation", "TileWidth", "TileLength"].contains($0.key) }
            metadata.exif = EXIFWriter.build(tiff: descriptive, exif: dictionaries.exif, gps: dictionaries.gps)
            metadata.formatProperties["{TIFF}"] = .dictionary(dictionaries.tiff)
        }
        if (1...8).contains(layout.orientation) {
            metadata.orientation = CGImagePropertyOrientation(rawValue: UInt32(layout.orientation)) ?? .up
            metadata.hasOrientation = true
        }
        let model: ImageHeader.ColorModel = layout.isGray ? .gray : layout.photometric == 5 ? .cmyk : .rgb
        return ImageHeader(format: .tiff, width: layout.width, height: layout.height, bitsPerComponent: layout.bits,
                           colorModel: model, hasAlpha: layout.hasAlpha, isIndexed: layout.photometric == 3,
                           colorSource: layout.icc.map { .icc($0) } ?? .unspecified, metadata: metadata)
    }

    public func decode(_ data: Data, index: Int, header: ImageHeader, request: DecodeRequest) throws(ImageIOError) -> DecodedPixels {
        try Self.withTIFF(data, index: index) { (tiff) throws(ImageIOError) -> DecodedPixels in
            let layout = Layout(tiff)
            try request.limits.check(layout.width, layout.height, format: .tiff)
            if layout.isExact && TIFFIsTiled(tiff) == 0 { return try TIFFScanlines.read(tiff, layout: layout, allowPartial: request.allowPartial) }
            return try TIFFScanlines.readRGBA(tiff, layout: layout)
        }
    }
}
