import CoreGraphics
import Foundation
import FuzzSupport
import ImageIO

/// The fuzz body: the bytes are an image file of whatever format they sniff as. It is read as an import
/// reads it, with the default limits: the header, then a full decode to pixels and a `CGImage`; then through
/// the `CGImageSource` façade: properties (EXIF, XMP, IPTC, ICC) and a small thumbnail.
/// A thrown `ImageIOError` or a nil from the façade is a correct answer; anything that stops the process is a bug.
func fuzzImageDecode(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = fuzzData(bytes, count)
    if let file = try? ImageFile(data: data) {
        _ = try? file.imageCount()
        if (try? file.header()) != nil, let decoded = try? file.decode() {
            _ = decoded.makeCGImage()
        }
    }
    guard let source = CGImageSourceCreateWithData(data as CFData, nil) else { return 0 }
    _ = CGImageSourceGetCount(source)
    _ = CGImageSourceCopyProperties(source, nil)
    _ = CGImageSourceCopyPropertiesAtIndex(source, 0, nil)
    let thumbnailOptions = [kCGImageSourceThumbnailMaxPixelSize: 64, kCGImageSourceCreateThumbnailFromImageIfAbsent: true] as CFDictionary
    _ = CGImageSourceCreateThumbnailAtIndex(source, 0, thumbnailOptions)
    return 0
}

@main enum ImageDecodeFuzzer {
    static func main() { runFuzzer(fuzzImageDecode) }
}
