import Foundation

extension FilterCatalog {
    /// CIConvertRGBtoLab: each unpremultiplied working-space colour becomes CIE L*a*b* (D65 white, the sRGB
    /// primaries of the working space; see ``Lab``) in red, green and blue: L* 0…100 and a*, b* about −128…128, or
    /// with `inputNormalize` L*/100, (a* + 128)/256 and (b* + 128)/256, so 0…1. Apple documents the ranges, not the
    /// white point or the normalising map; these are the choices here. Alpha is kept (the values premultiplied by it).
    static let convertRGBtoLab = FilterDefinition(
        name: "CIConvertRGBtoLab", display: "Convert RGB to Lab",
        categories: [kCategory.colorEffect, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage,
                     kCategory.highDynamicRange],
        summary: "Converts an image from the Core Image RGB working space to La*b* color space.",
        parameters: [.image(), .labNormalize()], mac: "13.0", iOS: "16"
    ) { args in
        guard let image = args.image() else { return nil }
        let normalize = args.bool("inputNormalize")
        return image.mapping("rgbToLab", "\(normalize)", opaque: image.isOpaque) { p in
            let lab = Lab.from(p)
            let v = normalize ? SIMD3(lab.x / 100, (lab.y + 128) / 256, (lab.z + 128) / 256) : lab
            return SIMD4(Float(v.x), Float(v.y), Float(v.z), p.w)
        }
    }
}

extension FilterParameter {
    /// `inputNormalize` of the Lab conversions: a boolean, false by default (Apple gives no slider range).
    static func labNormalize() -> FilterParameter {
        .scalar("inputNormalize", 0, type: "CIAttributeTypeBoolean", min: 0, max: 1,
                summary: "If normalize is false then the L channel is in the range 0 to 100 and the a*b* channels are in the range -128 to 128. If normalize is true then the La*b* channels are in the range 0 to 1.")
    }
}
