import Foundation
import CoreGraphics

/// The type identifier of `CGImageDestination` objects.
public func CGImageDestinationGetTypeID() -> CFTypeID { CFTypeID(bitPattern: ObjectIdentifier(CGImageDestination.self).hashValue) }

/// The uniform type identifiers image destinations write ("public.jpeg", "public.png", "public.heic", "public.tiff").
public func CGImageDestinationCopyTypeIdentifiers() -> CFArray {
    CodecRegistry.writableFormats.map(\.uniformTypeIdentifier) as NSArray
}

/// A destination writing into `data` (replaced on finalize), or `nil` when `type` is not a writable type or `count` < 1.
public func CGImageDestinationCreateWithData(_ data: CFMutableData, _ type: CFString, _ count: Int, _ options: CFDictionary?) -> CGImageDestination? {
    guard count >= 1, let format = ImageFormat(uniformTypeIdentifier: type), CodecRegistry.encoder(for: format) != nil else { return nil }
    return CGImageDestination(target: .data(data), format: format, capacity: count)
}

/// A destination writing the file at `url` on finalize, or `nil` when `type` is not writable or `count` < 1.
public func CGImageDestinationCreateWithURL(_ url: CFURL, _ type: CFString, _ count: Int, _ options: CFDictionary?) -> CGImageDestination? {
    guard count >= 1, url.isFileURL, let format = ImageFormat(uniformTypeIdentifier: type), CodecRegistry.encoder(for: format) != nil else { return nil }
    return CGImageDestination(target: .url(url), format: format, capacity: count)
}

/// Properties applying to every image (e.g. `kCGImageDestinationLossyCompressionQuality`).
public func CGImageDestinationSetProperties(_ idst: CGImageDestination, _ properties: CFDictionary?) {
    idst.setProperties(propertyValues(properties))
}

/// Adds an image with optional properties: metadata dictionaries (`{TIFF}`, `{Exif}`, `{GPS}`), `Orientation`
/// (written, pixels untouched), and per-image destination options (quality, background colour, max pixel size).
/// Images Core Graphics cannot express in RGB or gray (CMYK) are ignored, and finalizing then fails.
public func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?) {
    guard let space = image.colorSpace else { return }
    // An image whose provider makes its rows on request is read only when the file is written, in strips where
    // the format's encoder can take them.
    let pixels: CGImageDestination.Pending.Pixels
    if let streamed = StreamedPixels(cgImage: image) { pixels = .streamed(streamed) }
    else if let buffer = try? PixelBuffer(cgImage: image) { pixels = .buffer(buffer) }
    else { return }
    idst.add(CGImageDestination.Pending(pixels: pixels, colorSpace: space, properties: propertyValues(properties), sourceMetadata: nil))
}

/// Adds image `index` of a source, keeping its metadata (EXIF, XMP, IPTC; maker notes byte for byte unless the
/// properties change metadata) merged with `properties`, its colour space and its stored orientation.
public func CGImageDestinationAddImageFromSource(_ idst: CGImageDestination, _ isrc: CGImageSource, _ index: Int, _ properties: CFDictionary?) {
    guard case .success(let file) = isrc.imageFile, case .success(let header) = isrc.header(at: index) else { return }
    let options = DecodeOptions(index: index, applyOrientation: false, colorSpace: nil, bitDepth: .source, limits: isrc.limits)
    guard let decoded = try? file.decode(header: header, options: options) else { return }
    var metadata = header.metadata
    if !metadata.hasOrientation { metadata.orientation = .up }
    idst.add(CGImageDestination.Pending(pixels: .buffer(decoded.pixels), colorSpace: decoded.colorSpace,
                                        properties: propertyValues(properties), sourceMetadata: metadata))
}

/// Writes the file. Returns false when no image was added, more images than declared were added, or encoding or
/// writing failed; a destination can be finalized once.
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool {
    idst.finalize()
}
