import Foundation
import CoreGraphics

/// Reads the orientation of an EXIF block.
enum EXIFOrientation {
    /// IFD0's Orientation (tag 0x0112) when it is 1…8.
    static func read(_ exif: Data) -> CGImagePropertyOrientation? {
        guard let tiff = TIFFStructure(exif), let first = tiff.firstIFDOffset, let ifd0 = tiff.directory(at: first),
              let entry = ifd0.entries.first(where: { $0.tag == 0x0112 }),
              let value = tiff.integers(entry).first else { return nil }
        return CGImagePropertyOrientation(rawValue: UInt32(clamping: value))
    }
}

/// Edits an EXIF block in place, keeping every byte it does not change (maker notes included, whose
/// internal offsets would break if the block were re-serialised).
enum EXIFPatcher {
    /// A copy of `exif` with Orientation set to `orientation` (1 by default) and PixelX/YDimension set to the new size when present;
    /// with `removeGPS`, the GPS IFD pointer is turned into an unknown private tag and its values zeroed.
    static func normalised(_ exif: Data, width: Int, height: Int, orientation: Int = 1, removeGPS: Bool = false) -> Data {
        guard let tiff = TIFFStructure(exif) else { return exif }
        var bytes = [UInt8](tiff.data)
        let directories = tiff.standardDirectories()
        func write(_ entry: TIFFStructure.Entry, _ value: Int) {
            switch entry.type {
            case 3 where entry.count >= 1:
                let v = UInt16(clamping: value)
                let pair: [UInt8] = tiff.bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)]
                bytes.replaceSubrange(entry.valueOffset..<(entry.valueOffset + 2), with: pair)
            case 4 where entry.count >= 1:
                let v = UInt32(clamping: value)
                let quad: [UInt8] = (0..<4).map { (i: Int) -> UInt8 in
                    let shift = UInt32(tiff.bigEndian ? 24 - 8 * i : 8 * i)
                    return UInt8(truncatingIfNeeded: v >> shift)
                }
                bytes.replaceSubrange(entry.valueOffset..<(entry.valueOffset + 4), with: quad)
            default: break
            }
        }
        for entry in directories.ifd0 where entry.tag == 0x0112 { write(entry, orientation) }
        for entry in directories.exif {
            if entry.tag == 0xA002 { write(entry, width) }
            if entry.tag == 0xA003 { write(entry, height) }
        }
        if removeGPS, let first = tiff.firstIFDOffset, let ifd0 = tiff.directory(at: first),
           let index = ifd0.entries.firstIndex(where: { $0.tag == TIFFStructure.gpsPointer }) {
            for gpsEntry in directories.gps where gpsEntry.valueOffset + gpsEntry.byteCount <= bytes.count {
                bytes.replaceSubrange(gpsEntry.valueOffset..<(gpsEntry.valueOffset + gpsEntry.byteCount),
                                      with: [UInt8](repeating: 0, count: gpsEntry.byteCount))
            }
            // Drop the pointer entry: later entries and the next-IFD offset move up 12 bytes; values stay where they are.
            let count = ifd0.entries.count
            let entryAt = ifd0.entries[index].fieldOffset - 8
            let end = first + 2 + count * 12 + 4
            if end <= bytes.count, tiff.u16(first).map(Int.init) == count {
                bytes.replaceSubrange(entryAt..<(end - 12), with: bytes[(entryAt + 12)..<end])
                bytes.replaceSubrange((end - 12)..<end, with: [UInt8](repeating: 0, count: 12))
                let newCount = UInt16(count - 1)
                bytes.replaceSubrange(first..<(first + 2), with: tiff.bigEndian ? [UInt8(newCount >> 8), UInt8(newCount & 0xFF)]
                                                                                 : [UInt8(newCount & 0xFF), UInt8(newCount >> 8)])
            }
        }
        return Data(bytes)
    }
}
