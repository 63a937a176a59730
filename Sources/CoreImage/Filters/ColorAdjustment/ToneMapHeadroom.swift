import Foundation

extension FilterCatalog {
    /// CIToneMapHeadroom: a global tone curve taking values up to the source headroom S = `inputSourceHeadroom` down
    /// to the target headroom T = `inputTargetHeadroom` (both 1…32; 1 is SDR white). On the unpremultiplied linear
    /// colour, with m = max(r, g, b), the curve is the extended Reinhard form g(m) = m·(1 + m·T/S²)/(1 + m/T), which
    /// has slope 1 at black, is increasing and sends S to T; the colour is scaled by g(m)/m (hues and ratios kept),
    /// and m ≥ S is scaled to exactly T. Alpha is kept. When S ≤ T nothing needs compressing and the image is
    /// returned unchanged. Apple's curve is unpublished, so this one is chosen here; Apple's source headroom
    /// defaults to the image's content headroom, which images here do not carry, so the default is 1 (no change).
    static let toneMapHeadroom = FilterDefinition(
        name: "CIToneMapHeadroom", display: "Tone Map Headroom",
        categories: [kCategory.colorAdjustment, kCategory.video, kCategory.interlaced, kCategory.nonSquarePixels, kCategory.stillImage,
                     kCategory.highDynamicRange],
        summary: "Apply a global tone curve to an image that reduces colors from a source headroom value to a target headroom value.",
        parameters: [
            .image(),
            .scalar("inputSourceHeadroom", 1, min: 1, max: 32, summary: "Specifies the headroom of the input image."),
            .scalar("inputTargetHeadroom", 1, min: 1, max: 32, summary: "Specifies the target headroom of the output image."),
        ], mac: "15.0", iOS: "18"
    ) { args in
        guard let image = args.image() else { return nil }
        func headroom(_ key: String) -> Float {
            let v = args.float(key)
            return v.isNaN ? 1 : min(max(v, 1), 32)
        }
        let s = headroom("inputSourceHeadroom"), t = headroom("inputTargetHeadroom")
        guard s > t else { return image }
        return image.mapping("toneMapHeadroom", "\(s) \(t)") { p in HeadroomToneCurve.map(p, source: s, target: t) }
    }
}
