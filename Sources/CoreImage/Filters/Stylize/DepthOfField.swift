import Foundation

extension FilterCatalog {
    /// CIDepthOfField: a tilt-shift look. The image's saturation is raised (`CIColorControls` with
    /// `inputSaturation`), it is sharpened (`CIUnsharpMask` with `inputUnsharpMaskRadius` and
    /// `inputUnsharpMaskIntensity`), then blurred by `CIMaskedVariableBlur` of `inputRadius` with a mask that is 0 on
    /// the line through `inputPoint0` and `inputPoint1` and grows linearly with the distance d from it,
    /// min(1, d/falloff), falloff = half the distance between the points (at least 1 px): sharp along the line,
    /// fully blurred a falloff away. Apple says only that the focused region lies between the two points; this
    /// focus rule is the one chosen here. The extent is the input's.
    static let depthOfField = FilterDefinition(
        name: "CIDepthOfField", display: "Depth of Field", categories: [kCategory.stylize, kCategory.video, kCategory.stillImage],
        summary: "Simulates miniaturization effect created by Tilt & Shift lens by performing depth of field effects.",
        parameters: [
            .image(),
            .position("inputPoint0", 0, 300, summary: "The first point of the focused region of the output image."),
            .position("inputPoint1", 300, 300, summary: "The second point of the focused region of the output image."),
            .scalar(kCIInputSaturationKey, 1.5, min: 0, sliderMin: 0, sliderMax: 10, summary: "The amount to adjust the saturation."),
            .scalar("inputUnsharpMaskRadius", 2.5, min: 0, sliderMin: 0, sliderMax: 10, summary: "The radius of the unsharp mask effect applied to the in-focus area."),
            .scalar("inputUnsharpMaskIntensity", 0.5, min: 0, sliderMin: 0, sliderMax: 10, summary: "The intensity of the unsharp mask effect applied to the in-focus area."),
            .scalar(kCIInputRadiusKey, 6, min: 0, sliderMin: 0, sliderMax: 30, summary: "The distance from the center of the effect."),
        ], mac: "10.6", iOS: "9"
    ) { args in
        guard let image = args.image() else { return nil }
        func run(_ definition: FilterDefinition, _ values: [String: ParameterValue]) throws -> Image? {
            try definition.apply(FilterArguments(values, definition: definition))
        }
        guard let saturated = try run(colorControls, [kCIInputImageKey: .image(image), kCIInputSaturationKey: .number(args.number(kCIInputSaturationKey))]),
              let sharpened = try run(unsharpMask, [kCIInputImageKey: .image(saturated), kCIInputRadiusKey: .number(args.number("inputUnsharpMaskRadius")),
                                                    kCIInputIntensityKey: .number(args.number("inputUnsharpMaskIntensity"))])
        else { return nil }
        let a = args.point("inputPoint0"), b = args.point("inputPoint1")
        let p0 = SIMD2(Double(a.x), Double(a.y)), p1 = SIMD2(Double(b.x), Double(b.y))
        let axis = p1 - p0, length = (axis * axis).sum().squareRoot()
        let normal = length > 0 ? SIMD2(-axis.y, axis.x) / length : SIMD2(0, 1)
        let falloff = max(length / 2, 1)
        let mask = Image.generating(ClosureKernel(name: "depthOfFieldMask", signature: "\(p0) \(normal) \(falloff)", arity: 0,
                                                  extent: { _ in .infinite }, opaque: { _ in true }) { _, p in
            let m = Float(min(abs(((SIMD2(Double(p.x), Double(p.y)) - p0) * normal).sum()) / falloff, 1))
            return SIMD4(m, m, m, 1)
        })
        return try run(maskedVariableBlur, [kCIInputImageKey: .image(sharpened), "inputMask": .image(mask), kCIInputRadiusKey: .number(args.number(kCIInputRadiusKey))])
    }
}
