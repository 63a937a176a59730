import Foundation
import CoreGraphics
import ImageIO

/// The one place the image manager touches pixels: a thin layer over ImageIO's Swift-native core
/// (`ImageFile` decoding with shrink-on-load, orientation and colour conversion; `PixelBuffer` resampling;
/// `ImageWriter` encoding). Everything it returns is upright, 8-bit and sRGB unless said otherwise.
///
/// Threading: stateless; every function may run on any thread.
enum PixelOps {
    /// Recognises an image file (memory-mapped).
    static func open(_ url: URL) throws(ImageManagementError) -> ImageFile {
        do { return try ImageFile(contentsOf: url) } catch { throw unreadable(error, url) }
    }

    /// The size of the image in a file after orientation, from its header.
    static func orientedSize(of url: URL) throws(ImageManagementError) -> PixelSize {
        let file = try open(url)
        do {
            let size = try file.header().orientedSize
            return PixelSize(width: size.width, height: size.height)
        } catch { throw unreadable(error, url) }
    }

    /// Decodes a file upright in sRGB: at full size, fitted into `size` (exactly, never enlarged), or scaled.
    /// RAW files are developed by Core Image's RAW pipeline (`RAWRendition`), never served from their embedded
    /// preview; a sensor that pipeline does not develop falls back to ImageIO (LibRaw's development or preview).
    static func decode(_ url: URL, size: DecodeOptions.SizeRequest = .original) throws(ImageManagementError) -> CGImage {
        let file = try open(url)
        let raw = file.format == .dng || file.format == .cameraRAW
        if raw, let developed = RAWRendition.develop(file, size: size) { return developed }
        let options = DecodeOptions(size: size, applyOrientation: true, colorSpace: CGColorSpace(name: CGColorSpace.sRGB),
                                    bitDepth: .eight, allowEmbeddedThumbnail: raw)
        do { return try file.decode(options).makeCGImage() } catch { throw unreadable(error, url) }
    }

    /// Decodes a file upright in sRGB, fitted into `minimum` (nil: full size).
    static func decode(_ url: URL, atLeast minimum: PixelSize?) throws(ImageManagementError) -> CGImage {
        try decode(url, size: minimum.map { .fit(width: $0.width, height: $0.height) } ?? .original)
    }

    /// The part `source` of an image (fractional edges rounded outwards), resampled to exactly `size`.
    static func resample(_ image: CGImage, from source: CGRect, to size: PixelSize) throws(ImageManagementError) -> CGImage {
        let whole = CGRect(x: 0, y: 0, width: image.width, height: image.height)
        let region = source.integral.intersection(whole)
        let part = region == whole ? image : try crop(image, to: region)
        if part.width == size.width && part.height == size.height { return part }
        do {
            let pixels = try PixelBuffer(cgImage: part).resized(width: size.width, height: size.height)
            return pixels.makeCGImage(colorSpace: part.colorSpace ?? CGColorSpaceCreateDeviceRGB())
        } catch {
            throw ImageManagementError(.io, "Cannot resize a \(part.width)×\(part.height) image to \(size): \(error)")
        }
    }

    /// The pixels inside `rect` (whole pixels).
    static func crop(_ image: CGImage, to rect: CGRect) throws(ImageManagementError) -> CGImage {
        guard let cropped = image.cropping(to: rect) else {
            throw ImageManagementError(.unsupported, "The crop \(rect) lies outside the \(image.width)×\(image.height) image")
        }
        return cropped
    }

    /// JPEG bytes of an image, without metadata or profile (sRGB), as derivatives are stored.
    static func encodeJPEG(_ image: CGImage, quality: Double) throws(ImageManagementError) -> Data {
        try encode(image, as: .jpeg, quality: quality)
    }

    /// Bytes of an image in `format`, without metadata or profile (sRGB, the web's assumption).
    static func encode(_ image: CGImage, as format: ImageFormat, quality: Double) throws(ImageManagementError) -> Data {
        do {
            let pixels = try PixelBuffer(cgImage: image)
            return try ImageWriter.encode(pixels: pixels, colorSpace: image.colorSpace ?? CGColorSpaceCreateDeviceRGB(), as: format,
                                          options: EncodeOptions(quality: quality, embedColorProfile: false, metadata: .strip))
        } catch {
            throw ImageManagementError(.encodingFailed, "Cannot encode a \(image.width)×\(image.height) \(format.rawValue.uppercased()): \(error)")
        }
    }

    /// The orientation recorded in an image's metadata.
    static func orientation(of data: Data) throws(ImageManagementError) -> CGImagePropertyOrientation {
        do { return try ImageFile(data: data).header().metadata.orientation } catch { throw unreadable(error, nil) }
    }

    /// Re-encodes a file in another format at full size: pixels made upright in their own colour space (profile
    /// embedded), metadata kept with orientation reset, as a sharing export does.
    static func transcode(_ url: URL, to format: ImageFormat, quality: Double) throws(ImageManagementError) -> Data {
        let file = try open(url)
        let decoded: DecodedImage
        do {
            decoded = try file.decode(DecodeOptions(size: .original, applyOrientation: true, colorSpace: nil,
                                                    bitDepth: format == .jpeg ? .eight : .source, allowEmbeddedThumbnail: false))
        } catch { throw unreadable(error, url) }
        do {
            return try ImageWriter.encode(decoded, as: format, options: EncodeOptions(quality: quality, embedColorProfile: true, metadata: .keep))
        } catch {
            throw ImageManagementError(.encodingFailed, "Cannot write \(url.lastPathComponent) as \(format.rawValue.uppercased()): \(error)")
        }
    }

    /// The format a file's content announces, if ImageIO reads it.
    static func format(of url: URL) -> ImageFormat? { try? open(url).format }

    private static func unreadable(_ error: ImageIOError, _ url: URL?) -> ImageManagementError {
        ImageManagementError(.unreadable, url.map { "\($0.path): \(error)" } ?? "\(error)", underlying: error)
    }
}
