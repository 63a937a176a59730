import Foundation
import CoreGraphics

/// Builds Apple's property dictionary for one image from its header, in Apple's shape: top-level PixelWidth,
/// PixelHeight, Depth, ColorModel, HasAlpha, Orientation, DPI, ProfileName, then `{TIFF}`, `{Exif}`, `{GPS}`,
/// `{IPTC}`, `{MakerApple}` and the format's own dictionary.
enum ImagePropertiesBuilder {
    static func properties(for header: ImageHeader) -> [String: PropertyValue] {
        var result: [String: PropertyValue] = [
            "PixelWidth": .int(header.width), "PixelHeight": .int(header.height),
            "Depth": .int(header.bitsPerComponent), "ColorModel": .string(header.colorModel.rawValue),
        ]
        if header.hasAlpha || [.png, .gif, .webp, .heic, .heif, .avif, .tiff].contains(header.format) {
            result["HasAlpha"] = .bool(header.hasAlpha)
        }
        if header.isIndexed { result["IsIndexed"] = .bool(true) }
        if let exif = header.metadata.exif {
            let dictionaries = EXIFProperties.read(exif)
            let tiff = dictionaries.tiff
            if !tiff.isEmpty { result["{TIFF}"] = .dictionary(tiff) }
            if !dictionaries.exif.isEmpty { result["{Exif}"] = .dictionary(dictionaries.exif) }
            if !dictionaries.gps.isEmpty { result["{GPS}"] = .dictionary(dictionaries.gps) }
            if !dictionaries.makerApple.isEmpty { result["{MakerApple}"] = .dictionary(dictionaries.makerApple) }
            let unit = tiff["ResolutionUnit"]?.intValue ?? 2
            if let x = tiff["XResolution"]?.doubleValue, let y = tiff["YResolution"]?.doubleValue, x > 0, y > 0,
               header.metadata.dpi == nil, unit == 2 || unit == 3 {
                let centimetres = unit == 3
                result["DPIWidth"] = .double(centimetres ? x * 2.54 : x)
                result["DPIHeight"] = .double(centimetres ? y * 2.54 : y)
            }
        }
        // Format dictionaries last: a TIFF's own `{TIFF}` (with Compression etc.) replaces the descriptive one.
        for (key, value) in header.metadata.formatProperties {
            if case .dictionary(let own) = value, case .dictionary(let existing)? = result[key] {
                result[key] = .dictionary(existing.merging(own) { _, new in new })
            } else {
                result[key] = value
            }
        }
        for (key, value) in header.frameProperties { result[key] = value }
        if let dpi = header.metadata.dpi {
            result["DPIWidth"] = .double(dpi.x)
            result["DPIHeight"] = .double(dpi.y)
        } else if result["DPIWidth"] == nil, header.format == .jpeg {
            result["DPIWidth"] = .int(72)   // Apple's default for JPEG without a density
            result["DPIHeight"] = .int(72)
        }
        if header.metadata.hasOrientation {
            result["Orientation"] = .int(Int(header.metadata.orientation.rawValue))
            if var tiff = result["{TIFF}"]?.dictionaryValue, tiff["Orientation"] == nil || header.format == .heic || header.format == .heif {
                tiff["Orientation"] = .int(Int(header.metadata.orientation.rawValue))
                result["{TIFF}"] = .dictionary(tiff)
            }
        }
        if let iptc = header.metadata.iptc {
            let dictionary = IPTCReader.read(iptc)
            if !dictionary.isEmpty { result["{IPTC}"] = .dictionary(dictionary) }
        }
        if let name = profileName(header) { result["ProfileName"] = .string(name) }
        return result
    }

    /// The embedded profile's description (or the named space's description).
    static func profileName(_ header: ImageHeader) -> String? {
        switch header.colorSource {
        case .icc(let data): return ICCDescription.read(data)
        case .named(let name):
            guard let space = CGColorSpace(name: name) else { return nil }
            return ICCDescription.read(space.iccData)
        case .unspecified: return nil
        }
    }
}
