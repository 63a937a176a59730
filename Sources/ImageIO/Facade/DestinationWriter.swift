import Foundation
import CoreGraphics

/// Turns a destination's pending image and properties into file bytes with Apple's rules (see `CGImageDestination`).
enum DestinationWriter {
    static func encode(_ image: CGImageDestination.Pending, shared: [String: PropertyValue], format: ImageFormat) throws(ImageIOError) -> Data {
        let props = shared.merging(image.properties) { _, new in new }
        var space = image.colorSpace
        let maxSize = props[kCGImageDestinationImageMaxPixelSize]?.intValue ?? 0
        let forSharing = props[kCGImageDestinationOptimizeColorForSharing]?.intValue == 1
        let encodeOptions = options(quality: props[kCGImageDestinationLossyCompressionQuality]?.doubleValue ?? 0.85)
        var pixels: PixelBuffer
        switch image.pixels {
        case .buffer(let buffer): pixels = buffer
        case .streamed(let streamed):
            // Written strip by strip when nothing below needs the whole image (scaling, a colour conversion).
            if !(maxSize > 0 && max(streamed.width, streamed.height) > maxSize), !forSharing,
               let encoder = CodecRegistry.encoder(for: format) as? any StripEncoding,
               let encoded = try encoder.encode(streamed: streamed, colorSpace: space,
                                                metadata: metadata(source: image.sourceMetadata, props: props, width: streamed.width, height: streamed.height),
                                                as: format, options: encodeOptions) {
                return encoded
            }
            pixels = try streamed.materialized()
        }
        if maxSize > 0, max(pixels.width, pixels.height) > maxSize {
            let scale = Double(maxSize) / Double(max(pixels.width, pixels.height))
            pixels = try pixels.resized(width: max(1, Int((Double(pixels.width) * scale).rounded())),
                                        height: max(1, Int((Double(pixels.height) * scale).rounded())))
        }
        if forSharing {
            (pixels, space) = ColorConversion.convert(pixels, from: space, to: CGColorSpaceCreateDeviceRGB())
        }
        if format == .jpeg, pixels.layout.hasAlpha, case .array(let components)? = props[kCGImageDestinationBackgroundColor] {
            pixels = pixels.flattened(onto: components.compactMap(\.doubleValue))
        }
        let metadata = self.metadata(source: image.sourceMetadata, props: props, width: pixels.width, height: pixels.height)
        guard let encoder = CodecRegistry.encoder(for: format) else {
            throw ImageIOError(.unsupported, "this build cannot write \(format.rawValue)", format: format)
        }
        return try encoder.encode(EncodableImage(pixels: pixels, colorSpace: space, metadata: metadata), as: format, options: encodeOptions)
    }

    /// The encoder's options for a destination's lossy quality.
    static func options(quality: Double) -> EncodeOptions {
        EncodeOptions(quality: quality, embedColorProfile: true, metadata: .keep, lossless: quality >= 1)
    }

    /// The metadata blocks to write: the source's blocks, patched in place when the properties only restate the
    /// orientation, else EXIF rebuilt from the source's dictionaries merged with the given ones.
    static func metadata(source: ImageMetadata?, props: [String: PropertyValue], width: Int, height: Int) -> ImageMetadata {
        let excludeGPS = props[kCGImageMetadataShouldExcludeGPS]?.intValue == 1
        let excludeXMP = props[kCGImageMetadataShouldExcludeXMP]?.intValue == 1
        let given = (tiff: props["{TIFF}"]?.dictionaryValue ?? [:], exif: props["{Exif}"]?.dictionaryValue ?? [:],
                     gps: props["{GPS}"]?.dictionaryValue ?? [:], makerApple: props["{MakerApple}"]?.dictionaryValue ?? [:])
        let requested = (props["Orientation"] ?? props[kCGImageDestinationOrientation] ?? given.tiff["Orientation"])?.intValue
            .flatMap { (1...8).contains($0) ? $0 : nil }
        let sourceOrientation = source.flatMap { $0.hasOrientation ? Int($0.orientation.rawValue) : nil }
        let orientation = requested ?? sourceOrientation
        var result = ImageMetadata()
        result.iptc = source?.iptc
        if !excludeXMP { result.xmp = source?.xmp.map { XMPPatcher.normalised($0, orientation: orientation ?? 1, removeGPS: excludeGPS) } }
        let sourceEXIF = source?.exif
        let sourceHasOrientationTag = sourceEXIF.flatMap(EXIFOrientation.read) != nil
        let noDictionaryChanges = given.tiff.filter { $0.key != "Orientation" }.isEmpty && given.exif.isEmpty && given.gps.isEmpty
            && given.makerApple.isEmpty && props["DPIWidth"] == nil
        if let sourceEXIF, noDictionaryChanges, requested == nil || sourceHasOrientationTag {
            result.exif = EXIFPatcher.normalised(sourceEXIF, width: width, height: height, orientation: orientation ?? 1, removeGPS: excludeGPS)
            return result
        }
        let base = sourceEXIF.map(EXIFProperties.read) ?? EXIFProperties.Dictionaries()
        var tiff = base.tiff.merging(given.tiff) { _, new in new }
        var exif = base.exif.merging(given.exif) { _, new in new }
        let gps = excludeGPS ? [:] : base.gps.merging(given.gps) { _, new in new }
        if let orientation { tiff["Orientation"] = .int(orientation) }
        if let dpiX = props["DPIWidth"]?.doubleValue, let dpiY = props["DPIHeight"]?.doubleValue ?? props["DPIWidth"]?.doubleValue {
            tiff["XResolution"] = .double(dpiX)
            tiff["YResolution"] = .double(dpiY)
            tiff["ResolutionUnit"] = .int(2)
        }
        if !exif.isEmpty {
            exif["PixelXDimension"] = .int(width)
            exif["PixelYDimension"] = .int(height)
        }
        let makerApple = base.makerApple.merging(given.makerApple) { _, new in new }
        result.exif = EXIFWriter.build(tiff: tiff, exif: exif, gps: gps, makerApple: makerApple)
        return result
    }
}

extension PixelBuffer {
    /// Alpha composited over a background colour given as gray or RGB components (+ alpha, ignored); the result is opaque.
    func flattened(onto background: [Double]) -> PixelBuffer {
        guard layout.hasAlpha else { return self }
        let eight = converted(toBitsPerComponent: 8)
        let colors = layout.isColor ? 3 : 1
        let fill: [Double] = background.count >= 3 ? Array(background.prefix(3)) : Array(repeating: background.first ?? 0, count: 3)
        var output = eight.data
        output.withUnsafeMutableBytes { (raw: UnsafeMutableRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            let stride = layout.componentCount
            for pixel in 0..<(width * height) {
                let base = pixel * stride
                let alpha = Double(bytes[base + stride - 1]) / 255
                for c in 0..<colors {
                    let value = Double(bytes[base + c]) * alpha + fill[c] * 255 * (1 - alpha)
                    bytes[base + c] = UInt8(min(max(value.rounded(), 0), 255))
                }
                bytes[base + stride - 1] = 255
            }
        }
        let flat = PixelBuffer(width: width, height: height, layout: layout, bitsPerComponent: 8, bytesPerRow: eight.bytesPerRow, data: output)
        return flat.droppingAlpha()
    }
}
