import Foundation
import CoreGraphics
internal import CLibRaw

/// Metadata of RAW files: TIFF-based files (DNG, CR2, NEF, ARW…) give their own IFD0/EXIF/GPS tags; others get
/// `{TIFF}`/`{Exif}` built from what LibRaw read (make, model, ISO, exposure, aperture, focal length, date).
enum RAWMetadata {
    static func read(_ data: Data, raw: UnsafeMutablePointer<libraw_data_t>) -> ImageMetadata {
        var metadata = ImageMetadata()
        var dictionaries = EXIFProperties.read(data)
        let descriptive = dictionaries.tiff.filter { ["Make", "Model", "Software", "DateTime", "Artist", "Copyright", "ImageDescription"].contains($0.key) }
        dictionaries.tiff = descriptive
        if dictionaries.tiff["Make"] == nil {
            let make = withUnsafeBytes(of: raw.pointee.idata.make) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            let model = withUnsafeBytes(of: raw.pointee.idata.model) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if !make.isEmpty { dictionaries.tiff["Make"] = .string(make) }
            if !model.isEmpty { dictionaries.tiff["Model"] = .string(model) }
        }
        if dictionaries.exif.isEmpty {
            let other = raw.pointee.other
            if other.iso_speed > 0 { dictionaries.exif["ISOSpeedRatings"] = .array([.int(Int(other.iso_speed))]) }
            if other.shutter > 0 { dictionaries.exif["ExposureTime"] = .double(Double(other.shutter)) }
            if other.aperture > 0 { dictionaries.exif["FNumber"] = .double(Double(other.aperture)) }
            if other.focal_len > 0 { dictionaries.exif["FocalLength"] = .double(Double(other.focal_len)) }
            if other.timestamp > 0 {
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.timeZone = TimeZone.current   // LibRaw made the timestamp with mktime (local time)
                formatter.dateFormat = "yyyy:MM:dd HH:mm:ss"
                dictionaries.exif["DateTimeOriginal"] = .string(formatter.string(from: Date(timeIntervalSince1970: TimeInterval(other.timestamp))))
            }
        }
        metadata.exif = EXIFWriter.build(tiff: dictionaries.tiff, exif: dictionaries.exif, gps: dictionaries.gps)
        return metadata
    }

    /// BitsPerSample of the full-resolution raw IFD of a TIFF-based RAW (IFD0 or a SubIFD with NewSubfileType 0).
    static func storedBitDepth(_ data: Data) -> Int? {
        guard let tiff = TIFFStructure(data.prefix(1 << 20)), let first = tiff.firstIFDOffset, let ifd0 = tiff.directory(at: first) else { return nil }
        var candidates = [ifd0.entries]
        if let sub = ifd0.entries.first(where: { $0.tag == 0x014A }) {
            for offset in tiff.integers(sub, limit: 16) { if let directory = tiff.directory(at: offset) { candidates.append(directory.entries) } }
        }
        for entries in candidates {
            let kind = entries.first { $0.tag == 0x00FE }.flatMap { tiff.integers($0).first } ?? 0
            if kind == 0, let bits = entries.first(where: { $0.tag == 0x0102 }).flatMap({ tiff.integers($0).first }) { return bits }
        }
        return nil
    }

    /// LibRaw's flip (0, 3, 5, 6) as an EXIF orientation.
    static func orientation(flip: Int) -> CGImagePropertyOrientation {
        switch flip {
        case 3: .down
        case 5: .left
        case 6: .right
        default: .up
        }
    }
}
