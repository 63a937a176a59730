import Foundation
import CoreGraphics

/// The type identifier of `CGImageSource` objects.
public func CGImageSourceGetTypeID() -> CFTypeID { CFTypeID(bitPattern: ObjectIdentifier(CGImageSource.self).hashValue) }

/// The uniform type identifiers image sources read, as an array of strings.
public func CGImageSourceCopyTypeIdentifiers() -> CFArray {
    CodecRegistry.decoders.flatMap(\.formats).map(\.uniformTypeIdentifier) as NSArray
}

/// An image source over bytes. Like Apple's, it is created for any data; `CGImageSourceGetStatus` tells whether
/// the bytes are an image. Option `kCGImageSourceTypeIdentifierHint` is ignored (content decides).
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? {
    CGImageSource(data: data)
}

/// An image source over a file (memory-mapped), or `nil` when the file cannot be read.
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? {
    guard let bytes = try? Data(contentsOf: url, options: .mappedIfSafe) else { return nil }
    return CGImageSource(data: bytes)
}

/// An image source over a data provider's bytes.
public func CGImageSourceCreateWithDataProvider(_ provider: CGDataProvider, _ options: CFDictionary?) -> CGImageSource? {
    provider.data.map { CGImageSource(data: $0) }
}

/// An empty source to be fed with `CGImageSourceUpdateData` as bytes arrive.
public func CGImageSourceCreateIncremental(_ options: CFDictionary?) -> CGImageSource {
    CGImageSource(data: Data(), isFinal: false)
}

/// Gives an incremental source all the bytes received so far; `final` says no more will come.
public func CGImageSourceUpdateData(_ isrc: CGImageSource, _ data: CFData, _ final: Bool) {
    isrc.update(data, final: final)
}

/// The uniform type identifier of the source's format (e.g. "public.jpeg"), or `nil` when it is not an image.
public func CGImageSourceGetType(_ isrc: CGImageSource) -> CFString? {
    (try? isrc.imageFile.get())?.format.uniformTypeIdentifier
}

/// The number of images (0 when the data is not a readable image).
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int {
    guard let file = try? isrc.imageFile.get() else { return 0 }
    return (try? file.imageCount()) ?? 0
}

/// The index of the primary image (always 0 in this port).
public func CGImageSourceGetPrimaryImageIndex(_ isrc: CGImageSource) -> Int { 0 }

/// The status of the source as a whole.
public func CGImageSourceGetStatus(_ isrc: CGImageSource) -> CGImageSourceStatus {
    let (data, isFinal) = isrc.snapshot
    switch isrc.imageFile {
    case .failure(let error):
        if !isFinal && (error.code == .empty || error.code == .truncated) { return .statusReadingHeader }
        return ImageSourceStatus.status(for: error, isFinal: isFinal)
    case .success(let file):
        switch isrc.header(at: 0) {
        case .failure(let error): return ImageSourceStatus.status(for: error, isFinal: isFinal)
        case .success: return ImageSourceStatus.isComplete(data, format: file.format) ? .statusComplete : .statusIncomplete
        }
    }
}

/// The status of image `index`.
public func CGImageSourceGetStatusAtIndex(_ isrc: CGImageSource, _ index: Int) -> CGImageSourceStatus {
    let overall = CGImageSourceGetStatus(isrc)
    guard overall == .statusComplete || overall == .statusIncomplete else { return overall }
    guard index >= 0, index < CGImageSourceGetCount(isrc) else { return .statusInvalidData }
    if case .failure(let error) = isrc.header(at: index) { return ImageSourceStatus.status(for: error, isFinal: isrc.snapshot.isFinal) }
    return overall
}

/// Container properties: `FileSize` and the format's container dictionary (e.g. `{GIF}` with `LoopCount`).
public func CGImageSourceCopyProperties(_ isrc: CGImageSource, _ options: CFDictionary?) -> CFDictionary? {
    var result: [String: Any] = ["FileSize": isrc.snapshot.data.count]
    if case .success(let header) = isrc.header(at: 0) {
        for key in ["{GIF}", "{WebP}", "{HEICS}"] {
            if let container = header.metadata.formatProperties[key] { result[key] = container.foundationValue }
        }
    }
    return result as NSDictionary
}

/// The properties of image `index` in Apple's shape (top-level keys and `{TIFF}`/`{Exif}`/`{GPS}`/… dictionaries),
/// or `nil` when the index does not exist or its header cannot be read.
public func CGImageSourceCopyPropertiesAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CFDictionary? {
    guard index >= 0, case .success(let header) = isrc.header(at: index) else { return nil }
    return ImagePropertiesBuilder.properties(for: header).mapValues(\.foundationValue) as NSDictionary
}

/// Image `index` at full size with Apple's semantics: stored orientation (read `kCGImagePropertyOrientation` to
/// display it upright), the embedded colour space, 16-bit when the file has more than 8 bits. A truncated file
/// yields the part that decoded. `kCGImageSourceSubsampleFactor` (2, 4, 8) decodes smaller where possible.
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    let subsample = OptionReader.int(options, kCGImageSourceSubsampleFactor) ?? 1
    let shouldCache = OptionReader.bool(options, kCGImageSourceShouldCache) ?? false
    if subsample <= 1, let cached = isrc.cachedImage(index) { return cached }
    guard index >= 0, case .success(let file) = isrc.imageFile, case .success(let header) = isrc.header(at: index) else { return nil }
    let decodeOptions = DecodeOptions(index: index, size: subsample > 1 ? .scale(1 / Double(subsample)) : .original,
                                      applyOrientation: false, colorSpace: nil, bitDepth: .source, limits: isrc.limits,
                                      allowPartial: true)
    guard let decoded = try? file.decode(header: header, options: decodeOptions) else { return nil }
    let image = decoded.makeCGImage()
    if shouldCache && subsample <= 1 { isrc.cache(image, at: index) }
    return image
}

/// A thumbnail of image `index` with Apple's rules: the file's own thumbnail when it has one (scaled down to
/// `kCGImageSourceThumbnailMaxPixelSize`, never up); made from the full image when there is none and
/// `kCGImageSourceCreateThumbnailFromImageIfAbsent` is true, or always with
/// `kCGImageSourceCreateThumbnailFromImageAlways`; `nil` otherwise. `kCGImageSourceCreateThumbnailWithTransform`
/// rotates it upright. Made from the full image, the thumbnail uses shrink-on-load (JPEG DCT scaling, RAW half size…).
public func CGImageSourceCreateThumbnailAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    guard index >= 0, case .success(let file) = isrc.imageFile, case .success(let header) = isrc.header(at: index) else { return nil }
    let always = OptionReader.bool(options, kCGImageSourceCreateThumbnailFromImageAlways) ?? false
    let ifAbsent = OptionReader.bool(options, kCGImageSourceCreateThumbnailFromImageIfAbsent) ?? false
    let transform = OptionReader.bool(options, kCGImageSourceCreateThumbnailWithTransform) ?? false
    let maxSize = OptionReader.int(options, kCGImageSourceThumbnailMaxPixelSize).map { max($0, 1) }
    let limits = isrc.limits
    if !always, let embedded = try? file.codec.embeddedThumbnail(of: file.data, index: index, header: header,
                                                                  request: DecodeRequest(limits: limits)) {
        var pixels = embedded.pixels.converted(toBitsPerComponent: 8)
        if let maxSize, max(pixels.width, pixels.height) > maxSize {
            let scale = Double(maxSize) / Double(max(pixels.width, pixels.height))
            let w = max(1, Int((Double(pixels.width) * scale).rounded())), h = max(1, Int((Double(pixels.height) * scale).rounded()))
            guard let resized = try? pixels.resized(width: w, height: h) else { return nil }
            pixels = resized
        }
        if transform { pixels = pixels.applying(embedded.orientation ?? header.metadata.orientation) }
        let space = ColorConversion.space(for: embedded.colorSource ?? header.colorSource, gray: !pixels.layout.isColor)
        return pixels.makeCGImage(colorSpace: space, utType: header.format.uniformTypeIdentifier)
    }
    guard always || ifAbsent else { return nil }
    let decodeOptions = DecodeOptions(index: index, size: maxSize.map { .maxPixelSize($0) } ?? .original, applyOrientation: transform,
                                      colorSpace: nil, bitDepth: .eight, limits: limits, allowPartial: true)
    return (try? file.decode(header: header, options: decodeOptions))?.makeCGImage()
}

/// Drops the cached image of `index`.
public func CGImageSourceRemoveCacheAtIndex(_ isrc: CGImageSource, _ index: Int) {
    isrc.removeCache(at: index)
}

/// Maps core errors to Apple's statuses and checks whether a file's data is complete.
enum ImageSourceStatus {
    static func status(for error: ImageIOError, isFinal: Bool) -> CGImageSourceStatus {
        switch error.code {
        case .unknownFormat: .statusUnknownType
        case .empty: isFinal ? .statusUnexpectedEOF : .statusReadingHeader
        case .truncated: isFinal ? .statusUnexpectedEOF : .statusReadingHeader
        default: .statusInvalidData
        }
    }

    /// Whether the format's end marker is present (JPEG EOI, PNG IEND, GIF trailer); other formats are
    /// complete once their header parses.
    static func isComplete(_ data: Data, format: ImageFormat) -> Bool {
        switch format {
        case .jpeg:
            guard let markers = try? JPEGMarkers(data) else { return false }
            return JPEGMarkers.hasEndOfImage(data, after: markers.scanStart)
        case .png:
            guard data.count >= 12 else { return false }
            return data.suffix(12).dropFirst(4).prefix(4).elementsEqual(Array("IEND".utf8))
        case .gif:
            return data.last == 0x3B
        default:
            return true
        }
    }
}
