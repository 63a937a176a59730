import Foundation
import CoreGraphics

/// An image's pixels read top to bottom in strips from a sequential `CGDataProvider`, never held whole: 8-bit
/// RGBX or gray in this module's layout. Encoders that write in strips take them as they are
/// (``StripEncoding``); the others get ``materialized()``.
package struct StreamedPixels: Sendable {
    package let width: Int
    package let height: Int
    package let layout: PixelBuffer.Layout
    package let bytesPerRow: Int
    package let rows: any CGDataProviderRowSource
    /// The provider, which keeps the rows once they are read whole.
    private let provider: CGDataProvider

    /// The pixels of `image` as a stream when its provider is sequential and this module takes its bytes as they
    /// are (`PixelBuffer.directLayout`) as 8-bit RGBX or gray; `nil` otherwise (read it through `PixelBuffer(cgImage:)`).
    package init?(cgImage image: CGImage) {
        guard let provider = image.dataProvider, let rows = provider.rows, let (layout, bits) = PixelBuffer.directLayout(image),
              bits == 8, layout == .rgbx || layout == .gray else { return nil }
        (width, height, self.layout, bytesPerRow, self.rows, self.provider) = (image.width, image.height, layout, image.bytesPerRow, rows, provider)
    }

    /// Every row read into one buffer (the provider's bytes, kept by it).
    package func materialized() throws(ImageIOError) -> PixelBuffer {
        guard let data = provider.data else { throw ImageIOError(.encodingFailed, "the image's pixels could not be made") }
        return PixelBuffer(width: width, height: height, layout: layout, bitsPerComponent: 8, bytesPerRow: bytesPerRow, data: data)
    }
}

/// An encoder that can write an image from a stream of strips, holding only a strip at a time.
protocol StripEncoding: ImageEncoding {
    /// The encoded file, or `nil` when this image is not worth streaming (the caller then materializes it and
    /// calls `encode`). The bytes are those `encode` gives for the same pixels.
    func encode(streamed pixels: StreamedPixels, colorSpace: CGColorSpace, metadata: ImageMetadata,
                as format: ImageFormat, options: EncodeOptions) throws(ImageIOError) -> Data?
}
