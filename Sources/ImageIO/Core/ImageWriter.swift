import Foundation
import CoreGraphics

/// The entry point of the encoding pipeline: orientation-normalises the pixels, prepares the metadata the
/// options keep (EXIF Orientation reset to 1 and pixel dimensions updated in place, GPS removed on request),
/// and hands the result to the format's encoder.
public enum ImageWriter {
    /// Encodes a decoded image (its remaining orientation is applied first) with its source metadata.
    public static func encode(_ image: DecodedImage, as format: ImageFormat, options: EncodeOptions = EncodeOptions()) throws(ImageIOError) -> Data {
        try encode(pixels: image.pixels, colorSpace: image.colorSpace, orientation: image.orientation,
                   metadata: image.header.metadata, as: format, options: options)
    }

    /// Encodes pixels in `colorSpace` that still need `orientation`, with the given source metadata.
    public static func encode(pixels: PixelBuffer, colorSpace: CGColorSpace, orientation: CGImagePropertyOrientation = .up,
                              metadata: ImageMetadata = ImageMetadata(), as format: ImageFormat,
                              options: EncodeOptions = EncodeOptions()) throws(ImageIOError) -> Data {
        guard let encoder = CodecRegistry.encoder(for: format) else {
            throw ImageIOError(.unsupported, "this build cannot write \(format.rawValue.uppercased()) files", format: format)
        }
        let upright = pixels.applying(orientation)
        let prepared = preparedMetadata(metadata, width: upright.width, height: upright.height, policy: options.metadata)
        return try encoder.encode(EncodableImage(pixels: upright, colorSpace: colorSpace, metadata: prepared), as: format, options: options)
    }

    /// The metadata an encoder writes under `policy` for upright pixels of `width × height`.
    public static func preparedMetadata(_ metadata: ImageMetadata, width: Int, height: Int, policy: EncodeOptions.MetadataPolicy) -> ImageMetadata {
        guard policy != .strip else { return ImageMetadata() }
        var result = ImageMetadata()
        result.exif = metadata.exif.map { EXIFPatcher.normalised($0, width: width, height: height, removeGPS: policy == .stripLocation) }
        result.xmp = metadata.xmp.map { XMPPatcher.normalised($0, removeGPS: policy == .stripLocation) }
        result.iptc = metadata.iptc
        result.dpi = metadata.dpi
        return result
    }
}

/// Text edits on XMP packets: orientation reset to 1, GPS properties removed.
enum XMPPatcher {
    static func normalised(_ xmp: Data, orientation: Int = 1, removeGPS: Bool) -> Data {
        guard var text = String(data: xmp, encoding: .utf8) else { return xmp }
        text = text.replacingOccurrences(of: #"tiff:Orientation="[0-9]""#, with: "tiff:Orientation=\"\(orientation)\"", options: .regularExpression)
        text = text.replacingOccurrences(of: #"<tiff:Orientation>[0-9]</tiff:Orientation>"#,
                                         with: "<tiff:Orientation>\(orientation)</tiff:Orientation>", options: .regularExpression)
        if removeGPS {
            text = text.replacingOccurrences(of: #"\s+exif:GPS[A-Za-z]+="[^"]*""#, with: "", options: .regularExpression)
            text = text.replacingOccurrences(of: #"<exif:GPS([A-Za-z]+)>[^<]*</exif:GPS\1>"#, with: "", options: .regularExpression)
        }
        return Data(text.utf8)
    }
}
