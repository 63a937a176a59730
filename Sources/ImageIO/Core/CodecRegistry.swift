import Foundation

/// The codecs this build knows, in sniffing order. Picking a codec never consults file-name suffixes:
/// content wins (a PNG named `.jpg` is read as PNG).
public enum CodecRegistry {
    /// Every decoder, most specific sniffers first (RAW before TIFF: DNG and many RAWs are TIFF containers).
    public static let decoders: [any ImageCodec] = [
        JPEGCodec(), PNGCodec(), HEIFCodec(), GIFCodec(), WebPCodec(), RAWCodec(), TIFFCodec(),
    ]

    /// Every encoder.
    public static let encoders: [any ImageEncoding] = [JPEGEncoder(), PNGEncoder(), HEIFEncoder(), TIFFEncoder(), WebPEncoder()]

    /// The codec and format for a file's first bytes, or `nil` when nothing recognises them.
    public static func sniff(_ data: Data) -> (codec: any ImageCodec, format: ImageFormat)? {
        data.prefix(4096).withUnsafeBytes { prefix -> (any ImageCodec, ImageFormat)? in
            for codec in decoders { if let format = codec.sniff(prefix) { return (codec, format) } }
            return nil
        }
    }

    /// The decoder for a format.
    public static func decoder(for format: ImageFormat) -> (any ImageCodec)? {
        decoders.first { $0.formats.contains(format) }
    }

    /// The encoder for a format, if this build writes it.
    public static func encoder(for format: ImageFormat) -> (any ImageEncoding)? {
        encoders.first { $0.encodedFormats.contains(format) }
    }

    /// Every format some encoder writes, in a stable order.
    public static var writableFormats: [ImageFormat] { encoders.flatMap(\.encodedFormats) }
}
