import Foundation

extension FilterCatalog {
    /// CISRGBToneCurveToLinear: the sRGB decoding curve applied to working values (extended: mirrored below 0).
    static let sRGBToneCurveToLinear = FilterDefinition(
        name: "CISRGBToneCurveToLinear", categories: [kCategory.colorAdjustment, kCategory.video, kCategory.stillImage, kCategory.interlaced, kCategory.nonSquarePixels],
        summary: "Converts an image in sRGB space to linear space.", parameters: [.image()], mac: "10.10", iOS: "7"
    ) { args in
        args.image()?.applying(operationsKernel("sRGBToLinear", [.curve(ToneCurve.toLinear(ColorTransferFunction.sRGB.extended, name: "sRGB_to_linear"))]))
    }
}
