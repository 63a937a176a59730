import Foundation

extension FilterCatalog {
    /// CIMotionBlur: the mean of 2⌈r⌉ + 1 bilinear samples spaced evenly along a line of length 2r through
    /// the pixel at `inputAngle` (radians, counter-clockwise from the x axis).
    static let motionBlur = FilterDefinition(
        name: "CIMotionBlur", categories: [kCategory.blur, kCategory.video, kCategory.stillImage],
        summary: "Blurs an image to simulate the effect of using a camera that moves a specified angle and distance while capturing the image.",
        parameters: [
            .image(),
            .distance(kCIInputRadiusKey, 20, min: 0, sliderMin: 0, sliderMax: 100, identity: 0, summary: "The radius determines how many pixels are used to create the blur. The larger the radius, the blurrier the result."),
            .angle(kCIInputAngleKey, 0, summary: "The angle of the motion determines which direction the blur smears."),
        ], mac: "10.4", iOS: "8.3"
    ) { args in
        guard let image = args.image() else { return nil }
        let r = min(args.number(kCIInputRadiusKey), 2000), angle = args.number(kCIInputAngleKey)
        guard r > 0.01 else { return image }
        let n = Int(r.rounded(.up))
        let direction = SIMD2(Float(cos(angle)), Float(sin(angle)))
        let offsets = (-n...n).map { direction * (Float($0) * Float(r) / Float(n)) }
        let weights = [Float](repeating: 1 / Float(offsets.count), count: offsets.count)
        return image.applying(area: SampledConvolution(name: "motionBlur", signature: "r=\(r) a=\(angle)", offsets: offsets, weights: weights))
    }
}
