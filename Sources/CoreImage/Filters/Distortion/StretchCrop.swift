import Foundation

extension FilterCatalog {
    /// CIStretchCrop: fits the input to `inputSize` (W′ × H′ pixels, from the input's lower-left corner) by cropping
    /// and stretching. With W × H the input and a = W′/H′ the target aspect, the fully cropped source is the
    /// centred W × W/a or H·a × H region of the target's aspect; `inputCropAmount` c moves the crop that far from
    /// the whole input towards it (0: stretch only, 1: crop only). The cropped region is stretched to the target,
    /// vertically uniformly and horizontally through u ↦ (1 − k)u + k·u³ on −1…1 (k = centerStretchAmount / 2),
    /// which magnifies the centre by 1/(1 − k) while the edges stay put; each output pixel centre is mapped back and
    /// the input sampled bilinearly. Apple describes the parameters, not the maps; these are the choices here. An
    /// input with an infinite extent, or a size below one pixel, gives no output. Default size (1280, 720), as an
    /// iOS 26.5 attribute dump gives it (older macOS dumps give (1280, 1280)).
    static let stretchCrop = FilterDefinition(
        name: "CIStretchCrop", categories: [kCategory.distortionEffect, kCategory.video, kCategory.stillImage, kCategory.highDynamicRange],
        summary: "Distorts an image by stretching and or cropping to fit a target size.",
        parameters: [
            .image(),
            .position("inputSize", 1280, 720, summary: "The size in pixels of the output image."),
            .scalar("inputCropAmount", 0.25, min: 0, max: 1, sliderMin: 0, sliderMax: 1, summary: "How much cropping rather than stretching achieves the target size: 0 only stretches, 1 only crops."),
            .scalar("inputCenterStretchAmount", 0.25, min: 0, max: 1, sliderMin: 0, sliderMax: 1, summary: "The amount of stretching of the center of the image (0 stretches uniformly)."),
        ], mac: "10.6", iOS: "9"
    ) { args in
        guard let image = args.image(), !image.extent.isEffectivelyInfinite else { return nil }
        let size = args.point("inputSize")
        let width = Int(Double(size.x).rounded()), height = Int(Double(size.y).rounded())
        let e = image.extent
        guard width >= 1, height >= 1, e.width > 0, e.height > 0 else { return nil }
        let map = StretchCropMap(input: e, width: width, height: height, crop: args.number("inputCropAmount"),
                                 centerStretch: args.number("inputCenterStretchAmount"))
        let output = CGRect(x: e.minX, y: e.minY, width: CGFloat(width), height: CGFloat(height))
        let kernel = WarpKernel(name: "stretchCrop", signature: "\(map)", sampling: image.samplingMode, extent: { _ in output }, roi: { r in
            WarpKernel.bounds([(r.x, r.y), (r.maxX, r.maxY)].map { map.source(Double($0.0), Double($0.1)) })
        }) { p in map.source(Double(p.x), Double(p.y)) }
        return image.applying(area: kernel)
    }
}

/// The output → input map of `CIStretchCrop`.
struct StretchCropMap: Sendable, CustomStringConvertible {
    let origin: SIMD2<Double>
    let target: SIMD2<Double>
    /// The cropped source region's lower-left corner and size.
    let cropOrigin: SIMD2<Double>
    let cropSize: SIMD2<Double>
    let k: Double

    init(input e: CGRect, width: Int, height: Int, crop: Double, centerStretch: Double) {
        origin = SIMD2(Double(e.minX), Double(e.minY))
        target = SIMD2(Double(width), Double(height))
        let w = Double(e.width), h = Double(e.height), aspect = target.x / target.y
        let full = w / h > aspect ? SIMD2(h * aspect, h) : SIMD2(w, w / aspect)
        let size = SIMD2(w, h) + (full - SIMD2(w, h)) * min(max(crop, 0), 1)
        cropSize = size
        cropOrigin = origin + (SIMD2(w, h) - size) / 2
        k = min(max(centerStretch, 0), 1) / 2
    }

    /// The input position shown at output position (x, y).
    func source(_ x: Double, _ y: Double) -> SIMD2<Float> {
        let u = (x - origin.x) / target.x * 2 - 1
        let v = (1 - k) * u + k * u * u * u
        let sx = cropOrigin.x + (v + 1) / 2 * cropSize.x
        let sy = cropOrigin.y + (y - origin.y) / target.y * cropSize.y
        return SIMD2(Float(sx), Float(sy))
    }

    var description: String { "\(origin) \(target) \(cropOrigin) \(cropSize) \(k)" }
}
