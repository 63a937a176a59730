internal import CLibRaw
internal import CTiff
internal import RAWProbe
import Foundation
internal import OptionalLibraries

/// DNG and camera RAW through LibRaw (`libraw_r`): `libraw_open_buffer` only identifies the file and
/// reads its metadata (no unpack, no demosaic, so no OpenMP work). Active-area size and flip come from
/// LibRaw; for TIFF-based files EXIF/GPS come from libexif and the raw bit depth from libtiff.
enum RAWInspector {
    static func inspect(_ source: InspectionSource, format: MediaInfo.Format) throws(MediaInspectionError) -> MediaInfo {
        do { try OptionalLibrary.libRaw.load() } catch { throw source.error(.unsupportedFormat, error.description) }
        let bytes = source.bytes
        // LibRaw reads the bytes in a process of its own first: a file it crashes or hangs on is refused here.
        do { try LibRawProbe.check(bytes, upTo: .open) } catch { throw source.error(.corrupt, error.description) }
        guard let lr = libraw_init(UInt32(LIBRAW_OPIONS_NO_MEMERR_CALLBACK.rawValue | LIBRAW_OPIONS_NO_DATAERR_CALLBACK.rawValue)) else {
            throw source.error(.unreadable, "LibRaw could not be initialised")
        }
        defer { libraw_close(lr) }
        let status = libraw_open_buffer(lr, UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        guard status == LIBRAW_SUCCESS.rawValue else {
            let message = String(cString: libraw_strerror(status))
            if status == LIBRAW_FILE_UNSUPPORTED.rawValue {
                throw source.error(.unsupportedFormat, "LibRaw cannot read this raw file (\(message))")
            }
            throw source.error(status == LIBRAW_IO_ERROR.rawValue ? .truncated : .corrupt, "the raw file is unreadable (\(message))")
        }
        let data = lr.pointee
        let width = Int(data.sizes.width), height = Int(data.sizes.height)
        try source.checkPixelCount(width, height)
        let flip = Int(data.sizes.flip)
        let swap = flip & 4 != 0
        let make = withUnsafeBytes(of: data.idata.make) { $0.trimmedString() }
        let model = withUnsafeBytes(of: data.idata.model) { $0.trimmedString() }
        let lens = withUnsafeBytes(of: data.lens.Lens) { $0.trimmedString() }

        let tiffBased = ByteReader(bytes).matches(0, "II*\0") || ByteReader(bytes).matches(0, "MM\0*")
        var info = MediaInfo(kind: .image, format: format,
                             uniformTypeIdentifier: format == .dng ? "com.adobe.raw-image" : rawUTI(bytes, make: make),
                             storedPixelWidth: width, storedPixelHeight: height,
                             frameCount: 1, hasAlpha: false, bitDepth: tiffBased ? rawBitDepth(bytes) : nil)
        let exif = tiffBased ? EXIFReader.read(bytes) : nil
        StillMetadata(exif: exif, xmp: nil).apply(to: &info, applyOrientation: false)
        info.pixelWidth = swap ? height : width
        info.pixelHeight = swap ? width : height
        if exif?.orientation == nil { info.orientation = [3: 3, 5: 8, 6: 6].first { $0.key == flip }?.value ?? 1 }
        if info.cameraMake == nil { info.cameraMake = make }
        if info.cameraModel == nil { info.cameraModel = model }
        if info.lensModel == nil { info.lensModel = lens }
        if info.creationDate == nil, data.other.timestamp > 0 {
            info.creationDate = Date(timeIntervalSince1970: TimeInterval(data.other.timestamp))
        }
        info.traits.insert(.raw)
        return info
    }

    /// Apple's UTI for the camera RAW flavour, from the file signature and maker.
    static func rawUTI(_ bytes: UnsafeRawBufferPointer, make: String?) -> String {
        let r = ByteReader(bytes)
        let maker = make?.uppercased() ?? ""
        if r.matches(8, "CR") { return "com.canon.cr2-raw-image" }
        if FormatSniffer.brands(bytes).first == "crx " { return "com.canon.cr3-raw-image" }
        if r.matches(0, "FUJIFILMCCD-RAW") { return "com.fuji.raw-image" }
        if r.matches(0, "IIRO") || r.matches(0, "IIRS") || r.matches(0, "MMOR") { return "com.olympus.or-raw-image" }
        if r.matches(0, "IIU\0") { return "com.panasonic.rw2-raw-image" }
        if maker.hasPrefix("NIKON") { return "com.nikon.raw-image" }
        if maker.hasPrefix("SONY") { return "com.sony.arw-raw-image" }
        if maker.hasPrefix("PENTAX") || maker.hasPrefix("RICOH") { return "com.pentax.raw-image" }
        if maker.hasPrefix("SAMSUNG") { return "com.samsung.raw-image" }
        return "public.camera-raw-image"
    }

    /// BitsPerSample of the full-resolution raw IFD (NewSubfileType 0), looking at IFD0 and its SubIFDs.
    static func rawBitDepth(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var memory = ctiff_memory(data: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), size: UInt64(bytes.count), pos: 0)
        guard let tif = ctiff_open_memory(&memory) else { return nil }
        defer { TIFFClose(tif) }
        func primaryBits() -> Int? {
            var subfile: UInt32 = 0
            _ = ctiff_get_u32(tif, UInt32(TIFFTAG_SUBFILETYPE), &subfile)
            var bits: UInt16 = 0
            guard subfile & 1 == 0, ctiff_get_u16(tif, UInt32(TIFFTAG_BITSPERSAMPLE), &bits) == 1 else { return nil }
            return Int(bits)
        }
        if let bits = primaryBits() { return bits }
        var count: UInt16 = 0
        var offsets: UnsafeMutablePointer<UInt64>?
        guard ctiff_get_subifds(tif, &count, &offsets) == 1, let offsets, count > 0 else { return nil }
        let list = (0..<Int(min(count, 16))).map { offsets[$0] }
        for offset in list where TIFFSetSubDirectory(tif, offset) == 1 {
            if let bits = primaryBits() { return bits }
        }
        return nil
    }
}
