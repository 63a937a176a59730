import Foundation
import FuzzSupport
import MediaInspection

/// The fuzz body: the bytes are a media file handed to `MediaInspector` in memory (the same path
/// `inspect(fileAt:)` takes after mapping the file). Every inspector is reachable: the sniffer picks JPEG, PNG,
/// HEIF, WebP, GIF, TIFF, RAW or video/audio, and each reads EXIF, XMP, MakerNote and ISO 6709 as it finds them.
/// The bytes are also read as an XMP sidecar (`MetadataSidecar`, what `photos import` reads beside a file).
/// A thrown `MediaInspectionError` is a correct answer; anything that stops the process is a bug.
func fuzzMediaInspection(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = fuzzData(bytes, count)
    _ = MediaInspector.sniffFormat(data.prefix(4096))
    _ = try? MediaInspector.inspect(data: data, filename: "fuzz-input")
    _ = MetadataSidecar.cloudIdentity(inSidecar: data)   // the same bytes as an XMP sidecar
    return 0
}

@main enum MediaInspectionFuzzer {
    static func main() { runFuzzer(fuzzMediaInspection) }
}
