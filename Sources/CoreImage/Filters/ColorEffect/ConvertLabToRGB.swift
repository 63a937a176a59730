import Foundation

extension FilterCatalog {
    /// CIConvertLabToRGB: the inverse of `CIConvertRGBtoLab`. Red, green and blue of the unpremultiplied pixel
    /// are read as L*, a*, b* (or, with `inputNormalize`, as L*/100, (a* + 128)/256, (b* + 128)/256) and become the
    /// working-space colour (D65 white, sRGB primaries; unclamped, so out-of-gamut colours stay out of 0…1).
    /// Alpha is kept.
    static let convertLabToRGB = FilterDefinition(
        name: "CIConvertLabToRGB", display: "Convert Lab to RGB",
        categories: [kCategory.colorEffect, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage,
                     kCategory.highDynamicRange],
        summary: "Converts an image from La*b* color space to the Core Image RGB working space.",
        parameters: [.image(), .labNormalize()], mac: "13.0", iOS: "16"
    ) { args in
        guard let image = args.image() else { return nil }
        let normalize = args.bool("inputNormalize")
        return image.mapping("labToRGB", "\(normalize)", opaque: image.isOpaque) { p in
            let v = SIMD3(Double(p.x), Double(p.y), Double(p.z))
            let lab = normalize ? SIMD3(v.x * 100, v.y * 256 - 128, v.z * 256 - 128) : v
            let rgb = Lab.toWorking(lab)
            return SIMD4(Float(rgb.x), Float(rgb.y), Float(rgb.z), p.w)
        }
    }
}
