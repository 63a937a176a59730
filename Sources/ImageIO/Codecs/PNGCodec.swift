import Foundation
import CoreGraphics
internal import CSpng

/// PNG through libspng: exact 8- and 16-bit samples, tRNS applied, iCCP/sRGB/eXIf/pHYs/text read. Decoding is
/// row by row, so a truncated file can still yield the rows that arrived (flagged partial) when allowed, and a
/// reduced decode keeps only strips of rows and the reduced image (`PNGStripDecode.swift`).
public struct PNGCodec: ImageCodec {
    public init() {}
    public var formats: [ImageFormat] { [.png] }
    public var shrinkOnLoad: ShrinkOnLoad { [.rowReduction] }
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    public func sniff(_ prefix: UnsafeRawBufferPointer) -> ImageFormat? {
        prefix.count >= 8 && prefix.prefix(8).elementsEqual(Self.signature) ? .png : nil
    }

    public func imageCount(in data: Data) throws(ImageIOError) -> Int { 1 }

    /// An spng context over `data` with chunk limits set; `body` runs while the bytes are pinned.
    static func withContext<R>(_ data: Data, _ body: (OpaquePointer) throws(ImageIOError) -> R) throws(ImageIOError) -> R {
        guard let ctx = spng_ctx_new(0) else { throw ImageIOError(.unsupported, "libspng could not be initialised", format: .png) }
        defer { spng_ctx_free(ctx) }
        spng_set_chunk_limits(ctx, 64 << 20, 128 << 20)
        let result: Result<R, ImageIOError> = data.withUnsafeBytes { raw in
            spng_set_png_buffer(ctx, raw.baseAddress, raw.count)
            return Result { () throws(ImageIOError) -> R in try body(ctx) }
        }
        return try result.get()
    }

    static func failure(_ code: Int32, _ what: String) -> ImageIOError {
        let reason = String(cString: spng_strerror(code))
        let truncated = code == Int32(SPNG_EOF.rawValue) || code == Int32(SPNG_IO_EOF.rawValue)
        return ImageIOError(truncated ? .truncated : .corrupt, "\(what) (\(reason))", format: .png)
    }

    public func header(of data: Data, index: Int, limits: ImageLimits) throws(ImageIOError) -> ImageHeader {
        guard index == 0 else { throw ImageIOError(.invalidArgument, "a PNG holds one image; index \(index) does not exist", format: .png) }
        return try Self.withContext(data) { (ctx) throws(ImageIOError) -> ImageHeader in
            var ihdr = spng_ihdr()
            let status = spng_get_ihdr(ctx, &ihdr)
            guard status == 0 else { throw Self.failure(status, "the PNG header cannot be read") }
            try limits.check(Int(ihdr.width), Int(ihdr.height), format: .png)
            var trns = spng_trns()
            let hasTRNS = spng_get_trns(ctx, &trns) == 0
            let type = Int(ihdr.color_type)
            var header = ImageHeader(format: .png, width: Int(ihdr.width), height: Int(ihdr.height),
                                     bitsPerComponent: type == 3 ? 8 : Int(ihdr.bit_depth),
                                     colorModel: type == 0 || type == 4 ? .gray : .rgb,
                                     hasAlpha: type == 4 || type == 6 || hasTRNS, isIndexed: type == 3)
            header.metadata = PNGMetadata.read(ctx, interlaced: ihdr.interlace_method != 0)
            if let icc = header.metadata.iccProfile { header.colorSource = .icc(icc) }
            else if header.metadata.formatProperties["{PNG}"]?.dictionaryValue?["sRGBIntent"] != nil { header.colorSource = .named(CGColorSpace.sRGB) }
            return header
        }
    }

    /// The strips and the reduced image for a reduced decode (see `PNGStripDecode.swift`), else the whole image.
    public func decodeCost(header: ImageHeader, request: DecodeRequest) -> Int {
        let components = header.colorModel == .gray ? (header.hasAlpha ? 2 : 1) : 4
        let bytesPerComponent = header.bitsPerComponent == 16 ? 2 : 1
        let factor = Self.reductionFactor(width: header.width, height: header.height, interlaced: Self.isInterlaced(header), request: request)
        guard factor > 1 else {
            return ImageLimits.bufferBytes(width: header.width, height: header.height, components: components, bytesPerComponent: bytesPerComponent)
        }
        let outputBytesPerComponent = request.bitsPerComponent > 8 ? bytesPerComponent : 1
        return Self.stripDecodeCost(width: header.width, height: header.height, factor: factor, bytesPerPixel: components * bytesPerComponent,
                                    outputBytesPerPixel: components * outputBytesPerComponent)
    }

    static func isInterlaced(_ header: ImageHeader) -> Bool {
        header.metadata.formatProperties["{PNG}"]?.dictionaryValue?["InterlaceType"] != .int(0)
    }

    public func decode(_ data: Data, index: Int, header: ImageHeader, request: DecodeRequest) throws(ImageIOError) -> DecodedPixels {
        try Self.withContext(data) { (ctx) throws(ImageIOError) -> DecodedPixels in
            var ihdr = spng_ihdr()
            let status = spng_get_ihdr(ctx, &ihdr)
            guard status == 0 else { throw Self.failure(status, "the PNG header cannot be read") }
            try request.limits.check(Int(ihdr.width), Int(ihdr.height), format: .png)
            let gray = header.colorModel == .gray
            let sixteen = ihdr.bit_depth == 16
            let layout: PixelBuffer.Layout = gray ? (header.hasAlpha ? .grayAlpha : .gray) : (header.hasAlpha ? .rgba : .rgbx)
            let format: spng_format
            switch (gray, header.hasAlpha, sixteen) {
            case (true, false, true): format = SPNG_FMT_RAW           // big-endian 16-bit gray, swapped below
            case (true, false, false): format = SPNG_FMT_G8
            case (true, true, true): format = SPNG_FMT_GA16
            case (true, true, false): format = SPNG_FMT_GA8
            case (false, _, true): format = SPNG_FMT_RGBA16
            case (false, _, false): format = SPNG_FMT_RGBA8
            }
            let width = Int(ihdr.width), height = Int(ihdr.height)
            let factor = Self.reductionFactor(width: width, height: height, interlaced: ihdr.interlace_method != 0, request: request)
            if factor > 1 {
                let start = spng_decode_image(ctx, nil, 0, Int32(format.rawValue), Int32(SPNG_DECODE_TRNS.rawValue | SPNG_DECODE_PROGRESSIVE.rawValue))
                guard start == 0 else { throw Self.failure(start, "the PNG image data cannot be decoded") }
                return try Self.decodeInStrips(ctx, width: width, height: height, layout: layout, sixteen: sixteen,
                                               keepsSixteen: request.bitsPerComponent > 8,
                                               swapsBytes: format == SPNG_FMT_RAW, factor: factor, allowPartial: request.allowPartial)
            }
            var partial = false
            let pixels = try PixelBuffer(width: width, height: height, layout: layout, bitsPerComponent: sixteen ? 16 : 8) {
                (output) throws(ImageIOError) in
                let rowBytes = output.count / height
                let start = spng_decode_image(ctx, nil, 0, Int32(format.rawValue), Int32(SPNG_DECODE_TRNS.rawValue | SPNG_DECODE_PROGRESSIVE.rawValue))
                guard start == 0 else { throw Self.failure(start, "the PNG image data cannot be decoded") }
                while true {
                    var info = spng_row_info()
                    if spng_get_row_info(ctx, &info) != 0 { break }
                    let row = Int(info.row_num)
                    guard row < height else { break }
                    let code = spng_decode_row(ctx, output.baseAddress! + row * rowBytes, rowBytes)
                    if code == Int32(SPNG_EOI.rawValue) { break }
                    if code != 0 {
                        guard request.allowPartial, row > 0 else { throw Self.failure(code, "the PNG image data is incomplete or damaged at row \(row)") }
                        partial = true
                        break
                    }
                }
                if format == SPNG_FMT_RAW {
                    let words = output.bindMemory(to: UInt16.self)
                    for i in 0..<words.count { words[i] = UInt16(bigEndian: words[i]) }
                }
            }
            return DecodedPixels(pixels: pixels, isPartial: partial)
        }
    }
}
