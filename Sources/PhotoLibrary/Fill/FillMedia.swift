import Foundation

/// The few real files every filler asset's resource rows point at: one JPEG, one QuickTime movie (a single
/// Motion-JPEG frame) and one linear DNG. They are small, valid, and written once per library.
enum FillMedia {
    /// A 32×24 baseline JPEG (4:2:0, quality 70) of a colour gradient, made for this project with libjpeg-turbo.
    static let jpeg = Data(base64Encoded: "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAAYACADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDKjg9qtRwe1WI4ParMcHtXqYjEnmYSsV44ParMcHtViOD2q1HB7V8/iMSfU4SsVI4ParMcHtRRV4ipI+Bwk2Wo4ParMcHtRRXz+IqSPqsJNn//2Q==")!

    static let jpegWidth = 32, jpegHeight = 24

    /// A QuickTime movie holding `jpeg` as its only frame ('jpeg' sample description), one second long.
    static let movie: Data = {
        let frame = jpeg
        var ftyp = Atom("ftyp")
        ftyp.fourCC("qt  "); ftyp.u32(0x200); ftyp.fourCC("qt  ")
        let ftypData = ftyp.data
        let mdatHeader = 8
        let frameOffset = ftypData.count + mdatHeader
        var mdat = Atom("mdat"); mdat.bytes(frame)

        let timescale: UInt32 = 600, duration: UInt32 = 600
        let matrix: [UInt32] = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000]
        var mvhd = Atom("mvhd")
        mvhd.u32(0); mvhd.u32(0); mvhd.u32(0); mvhd.u32(timescale); mvhd.u32(duration)
        mvhd.u32(0x10000); mvhd.u16(0x100); mvhd.zeros(10); matrix.forEach { mvhd.u32($0) }
        mvhd.zeros(24); mvhd.u32(2)

        var tkhd = Atom("tkhd")
        tkhd.u32(0x3); tkhd.u32(0); tkhd.u32(0); tkhd.u32(1); tkhd.u32(0); tkhd.u32(duration); tkhd.zeros(8)
        tkhd.u16(0); tkhd.u16(0); tkhd.u16(0); tkhd.u16(0); matrix.forEach { tkhd.u32($0) }
        tkhd.u32(UInt32(jpegWidth) << 16); tkhd.u32(UInt32(jpegHeight) << 16)

        var mdhd = Atom("mdhd")
        mdhd.u32(0); mdhd.u32(0); mdhd.u32(0); mdhd.u32(timescale); mdhd.u32(duration); mdhd.u16(0x7FFF); mdhd.u16(0)
        var hdlr = Atom("hdlr")
        hdlr.u32(0); hdlr.fourCC("mhlr"); hdlr.fourCC("vide"); hdlr.u32(0); hdlr.u32(0); hdlr.u32(0); hdlr.u8(0)

        var vmhd = Atom("vmhd"); vmhd.u32(1); vmhd.u16(0x40); vmhd.zeros(6)
        var dhlr = Atom("hdlr")
        dhlr.u32(0); dhlr.fourCC("dhlr"); dhlr.fourCC("alis"); dhlr.u32(0); dhlr.u32(0); dhlr.u32(0); dhlr.u8(0)
        var alis = Atom("alis"); alis.u32(1)
        var dref = Atom("dref"); dref.u32(0); dref.u32(1); dref.bytes(alis.data)
        var dinf = Atom("dinf"); dinf.bytes(dref.data)

        var entry = Atom("jpeg")
        entry.zeros(6); entry.u16(1); entry.u16(0); entry.u16(0); entry.fourCC("appl"); entry.u32(0); entry.u32(512)
        entry.u16(UInt16(jpegWidth)); entry.u16(UInt16(jpegHeight)); entry.u32(72 << 16); entry.u32(72 << 16)
        entry.u32(0); entry.u16(1)
        var name = [UInt8](repeating: 0, count: 32)
        let label = Array("Photo - JPEG".utf8); name[0] = UInt8(label.count); name.replaceSubrange(1...label.count, with: label)
        entry.bytes(Data(name)); entry.u16(24); entry.u16(0xFFFF)
        var stsd = Atom("stsd"); stsd.u32(0); stsd.u32(1); stsd.bytes(entry.data)
        var stts = Atom("stts"); stts.u32(0); stts.u32(1); stts.u32(1); stts.u32(duration)
        var stsc = Atom("stsc"); stsc.u32(0); stsc.u32(1); stsc.u32(1); stsc.u32(1); stsc.u32(1)
        var stsz = Atom("stsz"); stsz.u32(0); stsz.u32(0); stsz.u32(1); stsz.u32(UInt32(frame.count))
        var stco = Atom("stco"); stco.u32(0); stco.u32(1); stco.u32(UInt32(frameOffset))
        var stbl = Atom("stbl"); [stsd, stts, stsc, stsz, stco].forEach { stbl.bytes($0.data) }
        var minf = Atom("minf"); [vmhd, dhlr, dinf, stbl].forEach { minf.bytes($0.data) }
        var mdia = Atom("mdia"); [mdhd, hdlr, minf].forEach { mdia.bytes($0.data) }
        var trak = Atom("trak"); [tkhd, mdia].forEach { trak.bytes($0.data) }
        var moov = Atom("moov"); [mvhd, trak].forEach { moov.bytes($0.data) }
        return ftypData + mdat.data + moov.data
    }()

    /// A 32×24 linear (demosaiced) DNG, 8 bits per sample, uncompressed: enough to be a real RAW file.
    static let dng: Data = {
        let width = 32, height = 24
        var pixels = [UInt8]()
        for y in 0..<height { for x in 0..<width { pixels += [UInt8(40 + x * 6), UInt8(60 + y * 8), 128] } }
        let model = Array("PhotoKitLinux Filler\0".utf8)
        // Tags, sorted: (tag, type, count, value or offset). Types: 1 BYTE, 2 ASCII, 3 SHORT, 4 LONG, 5 RATIONAL.
        let entryCount = 17
        let ifdSize = 2 + entryCount * 12 + 4
        let bitsOffset = 8 + ifdSize
        let modelOffset = bitsOffset + 6
        let matrixOffset = modelOffset + model.count + (model.count % 2)
        let pixelOffset = matrixOffset + 9 * 8 + 6 * 4 + 8
        var out = TIFFWriter()
        out.bytes(Array("II".utf8)); out.u16(42); out.u32(8)
        out.u16(UInt16(entryCount))
        out.entry(254, 4, 1, 0)                                   // NewSubFileType: main image
        out.entry(256, 4, 1, UInt32(width))
        out.entry(257, 4, 1, UInt32(height))
        out.entry(258, 3, 3, UInt32(bitsOffset))                  // BitsPerSample 8,8,8
        out.entry(259, 3, 1, 1)                                   // no compression
        out.entry(262, 3, 1, 34892)                               // LinearRaw
        out.entry(271, 2, UInt32(model.count), UInt32(modelOffset))             // Make
        out.entry(273, 4, 1, UInt32(pixelOffset))                 // StripOffsets
        out.entry(277, 3, 1, 3)                                   // SamplesPerPixel
        out.entry(278, 4, 1, UInt32(height))                      // RowsPerStrip
        out.entry(279, 4, 1, UInt32(pixels.count))                // StripByteCounts
        out.entry(284, 3, 1, 1)                                   // PlanarConfiguration: chunky
        out.entry(50706, 1, 4, 0x0000_0401)                       // DNGVersion 1.4.0.0
        out.entry(50707, 1, 4, 0x0000_0101)                       // DNGBackwardVersion 1.1.0.0
        out.entry(50708, 2, UInt32(model.count), UInt32(modelOffset))  // UniqueCameraModel
        out.entry(50721, 10, 9, UInt32(matrixOffset))             // ColorMatrix1 (SRATIONAL identity)
        out.entry(50778, 3, 1, 21)                                // CalibrationIlluminant1: D65
        out.u32(0)
        out.u16(8); out.u16(8); out.u16(8)
        out.bytes(model); if model.count % 2 == 1 { out.bytes([0]) }
        for i in 0..<9 { out.u32(i % 4 == 0 ? 1 : 0); out.u32(1) }
        out.bytes([UInt8](repeating: 0, count: 6 * 4 + 8))
        out.bytes(pixels)
        return Data(out.buffer)
    }()
}

/// A QuickTime atom being assembled (big-endian).
private struct Atom {
    let type: String
    var body = Data()
    init(_ type: String) { self.type = type }
    mutating func u8(_ v: UInt8) { body.append(v) }
    mutating func u16(_ v: UInt16) { body.append(contentsOf: [UInt8(v >> 8), UInt8(v & 0xFF)]) }
    mutating func u32(_ v: UInt32) { body.append(contentsOf: [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]) }
    mutating func fourCC(_ s: String) { body.append(contentsOf: Array(s.utf8.prefix(4))) }
    mutating func zeros(_ n: Int) { body.append(contentsOf: [UInt8](repeating: 0, count: n)) }
    mutating func bytes(_ d: Data) { body.append(d) }
    var data: Data {
        var header = Atom(type)
        header.u32(UInt32(8 + body.count)); header.fourCC(type)
        return header.body + body
    }
}

/// A little-endian TIFF being assembled.
private struct TIFFWriter {
    var buffer: [UInt8] = []
    mutating func bytes(_ b: [UInt8]) { buffer += b }
    mutating func u16(_ v: UInt16) { buffer += [UInt8(v & 0xFF), UInt8(v >> 8)] }
    mutating func u32(_ v: UInt32) { buffer += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)] }
    /// One IFD entry; values of 4 bytes or less are stored in place (SHORTs in the low half).
    mutating func entry(_ tag: UInt16, _ type: UInt16, _ count: UInt32, _ value: UInt32) {
        u16(tag); u16(type); u32(count)
        if type == 3 && count == 1 { u16(UInt16(value)); u16(0) } else { u32(value) }
    }
}

/// Small sample media for benchmarks and demos that need real files without a corpus.
public enum SampleMedia {
    /// A valid 32×24 baseline JPEG.
    public static var jpeg: Data { FillMedia.jpeg }
}
