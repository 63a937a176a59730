import Foundation
import CoreGraphics

/// A decoded image: pixels, the colour space they are in, the orientation they still need, and where they came from.
public struct DecodedImage: Sendable {
    /// The pixels.
    public var pixels: PixelBuffer
    /// The colour space of the pixels.
    public var colorSpace: CGColorSpace
    /// The orientation still to apply to `pixels` (`.up` once applied).
    public var orientation: CGImagePropertyOrientation
    /// The source image's header (format, stored size, metadata).
    public var header: ImageHeader
    /// Whether the file ended early and part of the image is filler.
    public var isPartial: Bool

    /// Creates a decoded image.
    public init(pixels: PixelBuffer, colorSpace: CGColorSpace, orientation: CGImagePropertyOrientation = .up,
                header: ImageHeader, isPartial: Bool = false) {
        self.pixels = pixels
        self.colorSpace = colorSpace
        self.orientation = orientation
        self.header = header
        self.isPartial = isPartial
    }

    /// A `CGImage` over the pixels (no copy): 32-bit RGBX (`noneSkipLast`) or RGBA (`last`), 8/16-bit gray
    /// (+ alpha), 16-bit components little-endian. The image carries the source's uniform type identifier.
    public func makeCGImage() -> CGImage {
        pixels.makeCGImage(colorSpace: colorSpace, utType: header.format.uniformTypeIdentifier)
    }
}

extension PixelBuffer {
    /// A `CGImage` sharing these bytes, tagged with `colorSpace` and `utType`. A colour space with the wrong number of
    /// components for the layout (an RGB space for gray pixels, a gray one for colour pixels, as a damaged file can
    /// lead a codec to report) is replaced by the device space of the layout, never trapped on: the pixels are what
    /// they are.
    public func makeCGImage(colorSpace: CGColorSpace, utType: String? = nil) -> CGImage {
        let alpha: CGImageAlphaInfo = layout == .rgbx ? .noneSkipLast : layout.hasAlpha ? .last : .none
        var info = CGBitmapInfo(alphaInfo: alpha)
        if bitsPerComponent == 16 { info.insert(.byteOrder16Little) }
        let fits = colorSpace.numberOfComponents == (layout.isColor ? 3 : 1)
        let colorSpace = fits ? colorSpace : layout.isColor ? CGColorSpaceCreateDeviceRGB() : CGColorSpaceCreateDeviceGray()
        guard let image = CGImage(width: width, height: height, bitsPerComponent: bitsPerComponent,
                                  bitsPerPixel: bytesPerPixel * 8, bytesPerRow: bytesPerRow, space: colorSpace,
                                  bitmapInfo: info, data: data, utType: utType) else {
            preconditionFailure("PixelBuffer.makeCGImage: Core Graphics refused a \(layout) \(bitsPerComponent)-bit layout in \(colorSpace)")
        }
        return image
    }
}
