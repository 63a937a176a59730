import Foundation

/// Recognises camera RAW files from their first bytes: DNG (TIFF with a DNGVersion tag), Canon CR2/CR3,
/// TIFF-based RAWs of makers that use them (with sub-IFDs or a reduced-resolution first IFD), and the
/// non-TIFF RAW signatures (RAF, ORF, RW2, MRW, X3F).
enum RAWSniffer {
    static let tiffRawMakers = ["NIKON", "SONY", "PENTAX", "RICOH", "SAMSUNG", "LEICA", "HASSELBLAD", "PHASE ONE", "MAMIYA", "KODAK", "EPSON", "CANON"]

    static func sniff(_ b: UnsafeRawBufferPointer) -> ImageFormat? {
        func matches(_ at: Int, _ text: String) -> Bool {
            let bytes = Array(text.utf8)
            return b.count >= at + bytes.count && b[at..<(at + bytes.count)].elementsEqual(bytes)
        }
        if matches(0, "FUJIFILMCCD-RAW") || matches(0, "FOVb") || matches(0, "IIRO") || matches(0, "IIRS") || matches(0, "MMOR")
            || matches(0, "IIU\0") || (b.count >= 4 && b[0] == 0 && matches(1, "MRM")) {
            return .cameraRAW
        }
        if matches(4, "ftypcrx ") { return .cameraRAW }
        guard matches(0, "II*\0") || matches(0, "MM\0*") else { return nil }
        if matches(8, "CR"), b.count > 10, b[10] == 2 { return .cameraRAW }
        guard let tiff = TIFFStructure(Data(b)), let first = tiff.firstIFDOffset, let ifd0 = tiff.directory(at: first) else { return nil }
        if ifd0.entries.contains(where: { $0.tag == 0xC612 }) { return .dng }
        let make = ifd0.entries.first { $0.tag == 0x010F }.flatMap { tiff.string($0) }?.uppercased() ?? ""
        let hasSubIFDs = ifd0.entries.contains { $0.tag == 0x014A }
        let reducedFirst = ifd0.entries.first { $0.tag == 0x00FE }.flatMap { tiff.integers($0).first } == 1
        if tiffRawMakers.contains(where: { make.hasPrefix($0) }), hasSubIFDs || reducedFirst { return .cameraRAW }
        return nil
    }
}
