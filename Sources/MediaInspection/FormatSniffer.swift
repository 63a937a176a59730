/// Decides the format from the first bytes of a file (magic numbers, ISO-BMFF brands, TIFF IFD0 hints).
/// The file extension is never consulted.
enum FormatSniffer {
    /// Brands of ISO-BMFF files that libheif reads as HEIF/HEIC/AVIF still images.
    static let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis", "mif2"]
    static let heicBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx"]
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let m4aBrands: Set<String> = ["M4A ", "M4B ", "M4P "]

    /// Camera makers whose raw files are plain TIFF containers (NEF, ARW, PEF, SRW, ...).
    static let tiffRawMakers = ["NIKON", "SONY", "PENTAX", "RICOH", "SAMSUNG", "LEICA", "HASSELBLAD", "PHASE ONE", "MAMIYA", "KODAK", "EPSON"]

    static func sniff(_ b: UnsafeRawBufferPointer) -> MediaInfo.Format? {
        let r = ByteReader(b)
        if r.count >= 3, b[0] == 0xFF, b[1] == 0xD8, b[2] == 0xFF { return .jpeg }
        if r.matches(0, bytes: pngSignature) { return .png }
        if r.matches(0, "GIF87a") || r.matches(0, "GIF89a") { return .gif }
        if r.matches(0, "RIFF"), r.matches(8, "WEBP") { return .webp }
        if r.matches(0, "FUJIFILMCCD-RAW") || r.matches(0, "FOVb") { return .cameraRAW }
        if r.count >= 4, b[0] == 0, r.matches(1, "MRM") { return .cameraRAW }
        if r.matches(0, "IIRO") || r.matches(0, "IIRS") || r.matches(0, "MMOR") || r.matches(0, "IIU\0") {
            return .cameraRAW
        }
        if r.matches(0, "II*\0") || r.matches(0, "MM\0*") { return sniffTIFF(b) }
        if r.matches(4, "ftyp") { return sniffFtyp(b) }
        if let box = r.fourCC(4), ["moov", "mdat", "wide", "free", "skip", "pnot"].contains(box),
           let size = r.u32(0), size >= 8 || size == 1 {
            return .quickTime
        }
        return nil
    }

    /// All brands (major first) of the leading `ftyp` box.
    static func brands(_ b: UnsafeRawBufferPointer) -> [String] {
        let r = ByteReader(b)
        guard r.matches(4, "ftyp"), let size32 = r.u32(0), let major = r.fourCC(8) else { return [] }
        var list = [major]
        let end = min(Int(size32), r.count)
        var at = 16
        while at + 4 <= end, list.count < 64 {
            if let brand = r.fourCC(at) { list.append(brand) }
            at += 4
        }
        return list
    }

    static func sniffFtyp(_ b: UnsafeRawBufferPointer) -> MediaInfo.Format? {
        let all = brands(b)
        guard let major = all.first else { return nil }
        if major == "qt  " { return .quickTime }
        if major == "crx " { return .cameraRAW }
        if m4aBrands.contains(major) { return .m4a }
        if heifBrands.contains(major) { return .heif }
        if all.contains(where: { heicBrands.contains($0) || $0 == "avif" }) { return .heif }
        if all.contains("qt  ") { return .quickTime }
        return .mpeg4
    }

    /// Tells DNG and TIFF-based camera RAW from plain TIFF by looking at IFD0 within the prefix.
    static func sniffTIFF(_ b: UnsafeRawBufferPointer) -> MediaInfo.Format {
        var r = ByteReader(b)
        r.bigEndian = b[0] == 0x4D
        if r.matches(8, "CR"), r.u8(10) == 2 { return .cameraRAW }  // Canon CR2
        guard let ifd = r.u32(4).map(Int.init), let n = r.u16(ifd), n < 1000 else { return .tiff }
        var make: String?
        var hasSubIFDs = false
        var reducedFirst = false
        for i in 0..<Int(n) {
            let e = ifd + 2 + 12 * i
            guard let tag = r.u16(e), let type = r.u16(e + 2), let count = r.u32(e + 4) else { break }
            switch tag {
            case 0xC612: return .dng  // DNGVersion
            case 0x014A: hasSubIFDs = true
            case 0x00FE: reducedFirst = (type == 4 ? r.u32(e + 8) : r.u16(e + 8).map(UInt32.init)) == 1
            case 0x010F where type == 2:
                let len = Int(count)
                let at = len <= 4 ? e + 8 : Int(r.u32(e + 8) ?? 0)
                make = r.slice(at, min(len, 64))?.trimmedString()
            default: break
            }
        }
        if let make = make?.uppercased(), tiffRawMakers.contains(where: { make.hasPrefix($0) }),
           hasSubIFDs || reducedFirst {
            return .cameraRAW
        }
        return .tiff
    }
}
