import Foundation
import ImageIO

extension CIImage {
    /// An image read from a file (JPEG, PNG, HEIF, TIFF, GIF, WebP, RAW/DNG… through ImageIO), or `nil` when the
    /// file cannot be read or is not an image. Decoding happens at the first render; the colour space is the
    /// file's embedded profile (sRGB when untagged); `properties` are ImageIO's properties of the image.
    /// Options: `.applyOrientationProperty` (display upright), `.colorSpace` (override, or `NSNull()`),
    /// `.properties`, `.nearestSampling`. Auxiliary-image options (depth, mattes, gain map) give `nil`.
    /// A RAW or DNG file gives `CIRAWFilter`'s default development (stored orientation unless
    /// `.applyOrientationProperty`), as on Apple platforms; one whose sensor the pipeline does not develop (or
    /// with a `.colorSpace` option) is decoded by ImageIO instead.
    public convenience init?(contentsOf url: URL, options: [CIImageOption: Any]? = nil) {
        guard let file = try? ImageFile(contentsOf: url) else { return nil }
        self.init(file: file, url: url, options: options)
    }

    /// `init(contentsOf:options:)` without options.
    public convenience init?(contentsOf url: URL) { self.init(contentsOf: url, options: nil) }

    /// An image decoded from encoded bytes (any format ImageIO reads), or `nil`.
    public convenience init?(data: Data, options: [CIImageOption: Any]? = nil) {
        guard let file = try? ImageFile(data: data) else { return nil }
        self.init(file: file, url: nil, options: options)
    }

    /// `init(data:options:)` without options.
    public convenience init?(data: Data) { self.init(data: data, options: nil) }

    /// Image `index` of an image source, or `nil`.
    public convenience init?(cgImageSource: CGImageSource, index: Int, options: [CIImageOption: Any]?) {
        guard let image = CGImageSourceCreateImageAtIndex(cgImageSource, index, nil) else { return nil }
        let properties = (CGImageSourceCopyPropertiesAtIndex(cgImageSource, index, nil) as? [String: Any]) ?? [:]
        var merged = options ?? [:]
        if merged[.properties] == nil { merged[.properties] = properties }
        self.init(cgImage: image, options: merged)
        if (options?[.applyOrientationProperty] as? Bool) == true, let raw = properties[kCGImagePropertyOrientation as String],
           let value = FilterValues.number(raw), let orientation = CGImagePropertyOrientation(rawValue: UInt32(value)), orientation != .up {
            self.init(image: oriented(orientation).image, properties: self.properties, colorSpace: colorSpace)
        }
    }

    private convenience init?(file: ImageFile, url: URL?, options: [CIImageOption: Any]?) {
        let unsupported: [CIImageOption] = [.auxiliaryDepth, .auxiliaryDisparity, .auxiliaryPortraitEffectsMatte, .auxiliaryHDRGainMap]
        if unsupported.contains(where: { (options?[$0] as? Bool) == true }) { return nil }
        guard let header = try? file.header(at: 0), header.width > 0, header.height > 0 else { return nil }
        if header.format == .dng || header.format == .cameraRAW, options?[.colorSpace] == nil,
           let developed = CIImage.developedRAW(file, url: url, options: options) {
            self.init(image: developed.image, properties: developed.properties, url: url, colorSpace: ColorSpaces.sRGB)
            return
        }
        let gray = header.colorModel == .gray
        var fileSpace = ImageFileSource.colorSpace(header.colorSource, gray: gray)
        // CMYK and Lab files are decoded to RGB by ImageIO; their profile does not describe the decoded pixels.
        if fileSpace.model != .rgb && fileSpace.model != .monochrome { fileSpace = ColorSpaces.sRGB }
        let space = CIImage.colorSpace(options, default: fileSpace)
        let source = CGImageSourceCreateWithData(file.data, nil)
        let fileProperties = source.flatMap { CGImageSourceCopyPropertiesAtIndex($0, 0, nil) as? [String: Any] } ?? [:]
        let properties = CIImage.properties(options, default: fileProperties)
        let identity = (url?.lastPathComponent ?? "data") + "#" + UUID().uuidString
        let lazy = LazySource(extent: CGRect(x: 0, y: 0, width: header.width, height: header.height), colorSpace: space,
                              identity: identity, isOpaque: !header.hasAlpha, bandDecoder: { file.bandDecoder(header: header) }) {
            try ImageFileSource.decode(file, header: header)
        }
        var image = Image(.lazy(lazy), extent: lazy.extent, isOpaque: lazy.isOpaque)
        if (options?[.nearestSampling] as? Bool) == true { image = image.sampling(.nearest) }
        self.init(image: image, properties: properties, url: url, colorSpace: space)
        if (options?[.applyOrientationProperty] as? Bool) == true, let raw = fileProperties[kCGImagePropertyOrientation as String],
           let value = FilterValues.number(raw), let orientation = CGImagePropertyOrientation(rawValue: UInt32(value)), orientation != .up {
            self.init(image: oriented(orientation).image, properties: properties, url: url, colorSpace: space)
        }
    }
}

extension CIImage {
    /// The default development of a RAW file for `CIImage(contentsOf:)`, or `nil` when the pipeline cannot
    /// develop it.
    fileprivate static func developedRAW(_ file: ImageFile, url: URL?, options: [CIImageOption: Any]?) -> CIImage? {
        guard let filter = CIRAWFilter(imageData: file.data, identifierHint: url?.pathExtension) else { return nil }
        let upright = (options?[.applyOrientationProperty] as? Bool) == true
        if !upright { filter.orientation = .up }
        guard let output = filter.outputImage else { return nil }
        let properties = CIImage.properties(options, default: filter.properties as? [String: Any] ?? [:])
        return CIImage(image: output.image, properties: properties)
    }
}

/// Decoding files for `CIImage(contentsOf:)`: ImageIO's pixels wrapped as a bitmap without copying.
enum ImageFileSource {
    static func colorSpace(_ source: ImageHeader.ColorSource, gray: Bool) -> CGColorSpace {
        switch source {
        case .icc(let data): if let space = CGColorSpace(iccData: data) { return space }
        case .named(let name): if let space = CGColorSpace(name: name) { return space }
        case .unspecified: break
        }
        return gray ? CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)! : ColorSpaces.sRGB
    }

    static func decode(_ file: ImageFile, header: ImageHeader) throws -> Bitmap {
        let decoded = try file.decode(header: header, options: DecodeOptions(applyOrientation: false))
        let pixels = decoded.pixels
        let wide = pixels.bitsPerComponent == 16
        let format: PixelFormat
        switch pixels.layout {
        case .rgbx: format = wide ? .rgbx16 : .rgbx8
        case .rgba: format = wide ? .rgba16 : .rgba8
        case .gray: format = wide ? .l16 : .l8
        case .grayAlpha: format = wide ? .la16 : .la8
        }
        return Bitmap(storage: .data(pixels.data), width: pixels.width, height: pixels.height, bytesPerRow: pixels.bytesPerRow,
                      format: format, premultiplied: false)
    }
}
