import Foundation

/// A decoder that makes an image's rows a band at a time, top to bottom, so a reader streaming over the image
/// holds only the bands it needs. The bytes are those of the file's whole decode (`ImageFile.decode` with the
/// orientation not applied, 8 bits a component).
package protocol RowBandDecoder: AnyObject {
    /// The layout of the decoded rows (8-bit RGBX or gray).
    var layout: PixelBuffer.Layout { get }
    /// The stored (top-down) row each band starts at, then the image's height.
    var bandStarts: [Int] { get }
    /// Decodes `bands` (on several threads when there are several) into `destination`, the first band's first row,
    /// `bytesPerRow` apart. Throws on damaged data, leaving the rows undefined.
    func decode(bands: Range<Int>, into destination: UnsafeMutableRawPointer, bytesPerRow: Int) throws(ImageIOError)
}

extension ImageFile {
    /// A decoder of the image's rows in bands, or `nil` when its format or this file cannot be decoded that way:
    /// for now sequential 8-bit JPEGs (RGB or gray) whose restart intervals start on MCU rows and whose chroma is
    /// not subsampled vertically (``JPEGStripDecoder``).
    package func bandDecoder(header: ImageHeader) -> (any RowBandDecoder)? {
        guard header.format == .jpeg, header.bitsPerComponent == 8, header.colorModel == .rgb || header.colorModel == .gray else { return nil }
        return JPEGStripDecoder(data)
    }
}
