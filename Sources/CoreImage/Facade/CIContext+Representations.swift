import Foundation
import ImageIO

/// Why `CIContext` could not write an image representation.
public struct CIContextRepresentationError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
}

extension CIContext {
    /// The image (its extent, which must be finite) as JPEG data in `colorSpace`, whose ICC profile is embedded;
    /// `kCGImageDestinationLossyCompressionQuality` (0…1) sets the quality. `nil` when it cannot be rendered, or when
    /// `options` asks for an auxiliary image (depth, matte, HDR gain map), which this port cannot write.
    public func jpegRepresentation(of image: CIImage, colorSpace: CGColorSpace, options: [CIImageRepresentationOption: Any] = [:]) -> Data? {
        try? encode(image, type: "public.jpeg", format: .rgbx8, colorSpace: colorSpace, options: options)
    }

    /// The image as PNG data in `format` (8- or 16-bit RGBA or gray) and `colorSpace`.
    public func pngRepresentation(of image: CIImage, format: CIFormat, colorSpace: CGColorSpace, options: [CIImageRepresentationOption: Any] = [:]) -> Data? {
        try? encode(image, type: "public.png", format: Self.straightFormat(format), colorSpace: colorSpace, options: options)
    }

    /// The image as HEIF (HEIC) data in `colorSpace` (8-bit).
    public func heifRepresentation(of image: CIImage, format: CIFormat, colorSpace: CGColorSpace, options: [CIImageRepresentationOption: Any] = [:]) -> Data? {
        try? encode(image, type: "public.heic", format: image.isOpaque ? .rgbx8 : .rgba8, colorSpace: colorSpace, options: options)
    }

    /// The image as HEIF data from 16-bit pixels (the encoder writes the depth libheif supports).
    public func heif10Representation(of image: CIImage, colorSpace: CGColorSpace, options: [CIImageRepresentationOption: Any] = [:]) throws -> Data {
        try encode(image, type: "public.heic", format: image.isOpaque ? .rgbx16 : .rgba16, colorSpace: colorSpace, options: options)
    }

    /// The image as TIFF data in `format` (8- or 16-bit) and `colorSpace`.
    public func tiffRepresentation(of image: CIImage, format: CIFormat, colorSpace: CGColorSpace, options: [CIImageRepresentationOption: Any] = [:]) -> Data? {
        try? encode(image, type: "public.tiff", format: Self.straightFormat(format), colorSpace: colorSpace, options: options)
    }

    /// OpenEXR is not available in this port: always throws.
    public func openEXRRepresentation(of image: CIImage, options: [CIImageRepresentationOption: Any] = [:]) throws -> Data {
        throw CIContextRepresentationError(description: "OpenEXR output is not supported on Linux")
    }

    /// Writes `jpegRepresentation(of:colorSpace:options:)` to `url`; throws naming the problem when rendering,
    /// encoding or writing fails.
    public func writeJPEGRepresentation(of image: CIImage, to url: URL, colorSpace: CGColorSpace, options: [CIImageRepresentationOption: Any] = [:]) throws {
        try encode(image, type: "public.jpeg", format: .rgbx8, colorSpace: colorSpace, options: options, to: url)
    }

    /// Writes the PNG representation to `url`.
    public func writePNGRepresentation(of image: CIImage, to url: URL, format: CIFormat, colorSpace: CGColorSpace, options: [CIImageRepresentationOption: Any] = [:]) throws {
        try encode(image, type: "public.png", format: Self.straightFormat(format), colorSpace: colorSpace, options: options, to: url)
    }

    /// Writes the HEIF representation to `url`.
    public func writeHEIFRepresentation(of image: CIImage, to url: URL, format: CIFormat, colorSpace: CGColorSpace, options: [CIImageRepresentationOption: Any] = [:]) throws {
        try encode(image, type: "public.heic", format: image.isOpaque ? .rgbx8 : .rgba8, colorSpace: colorSpace, options: options, to: url)
    }

    /// Writes the 16-bit HEIF representation to `url`.
    public func writeHEIF10Representation(of image: CIImage, to url: URL, colorSpace: CGColorSpace, options: [CIImageRepresentationOption: Any] = [:]) throws {
        try encode(image, type: "public.heic", format: image.isOpaque ? .rgbx16 : .rgba16, colorSpace: colorSpace, options: options, to: url)
    }

    /// Writes the TIFF representation to `url`.
    public func writeTIFFRepresentation(of image: CIImage, to url: URL, format: CIFormat, colorSpace: CGColorSpace, options: [CIImageRepresentationOption: Any] = [:]) throws {
        try encode(image, type: "public.tiff", format: Self.straightFormat(format), colorSpace: colorSpace, options: options, to: url)
    }

    /// OpenEXR is not available in this port: always throws.
    public func writeOpenEXRRepresentation(of image: CIImage, to url: URL, options: [CIImageRepresentationOption: Any] = [:]) throws {
        throw CIContextRepresentationError(description: "OpenEXR output is not supported on Linux")
    }

    /// Straight-alpha layouts ImageIO takes without conversion: 8- or 16-bit, gray or RGB.
    static func straightFormat(_ format: CIFormat) -> PixelFormat {
        let pixel = format.pixelFormat ?? .rgba8
        let wide = pixel.component != .uint8
        if pixel.isGray { return pixel.hasAlpha ? (wide ? .la16 : .la8) : (wide ? .l16 : .l8) }
        return wide ? .rgba16 : .rgba8
    }
}
