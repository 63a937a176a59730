import Foundation
internal import CSpng

/// PNG ancillary chunks as `ImageMetadata`: iCCP, eXIf, XMP (iTXt "XML:com.adobe.xmp"), pHYs, and Apple's
/// `{PNG}` dictionary (Gamma, sRGBIntent, InterlaceType, text keywords).
enum PNGMetadata {
    /// Text keywords Apple maps into `{PNG}`.
    static let textKeys = ["Title": "Title", "Author": "Author", "Description": "Description", "Copyright": "Copyright",
                           "Software": "Software", "Comment": "Comment", "Disclaimer": "Disclaimer", "Source": "Source",
                           "Warning": "Warning", "Creation Time": "CreationTime"]

    static func read(_ ctx: OpaquePointer, interlaced: Bool) -> ImageMetadata {
        var metadata = ImageMetadata()
        var png: [String: PropertyValue] = ["InterlaceType": .int(interlaced ? 1 : 0)]
        var iccp = spng_iccp()
        if spng_get_iccp(ctx, &iccp) == 0, let profile = iccp.profile, iccp.profile_len > 0 {
            metadata.iccProfile = Data(bytes: profile, count: iccp.profile_len)
        }
        var intent: UInt8 = 0
        if spng_get_srgb(ctx, &intent) == 0 { png["sRGBIntent"] = .int(Int(intent)) }
        var gamma: Double = 0
        if spng_get_gama(ctx, &gamma) == 0 { png["Gamma"] = .double(gamma) }
        var phys = spng_phys()
        if spng_get_phys(ctx, &phys) == 0 {
            png["XPixelsPerMeter"] = .int(Int(phys.ppu_x))
            png["YPixelsPerMeter"] = .int(Int(phys.ppu_y))
            if phys.unit_specifier == 1 { metadata.dpi = (Double(phys.ppu_x) * 0.0254, Double(phys.ppu_y) * 0.0254) }
        }
        var exif = spng_exif()
        if spng_get_exif(ctx, &exif) == 0, let bytes = exif.data, exif.length >= 8 {
            var block = Data(bytes: bytes, count: exif.length)
            if block.starts(with: Array("Exif\0\0".utf8)) { block = block.dropFirst(6) }
            metadata.exif = Data(block)
            metadata.adoptEXIFOrientation()
        }
        var count: UInt32 = 0
        if spng_get_text(ctx, nil, &count) == 0, count > 0, count < 4096 {
            var texts = [spng_text](repeating: spng_text(), count: Int(count))
            if spng_get_text(ctx, &texts, &count) == 0 {
                for text in texts.prefix(Int(count)) {
                    let keyword = withUnsafeBytes(of: text.keyword) { raw in
                        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                    }
                    guard let body = text.text, text.length < 16 << 20 else { continue }
                    let value = Data(bytes: body, count: text.length)
                    if keyword == "XML:com.adobe.xmp" { metadata.xmp = value; continue }
                    if let key = textKeys[keyword] { png[key] = .string(String(decoding: value, as: UTF8.self)) }
                }
            }
        }
        metadata.formatProperties["{PNG}"] = .dictionary(png)
        return metadata
    }
}
