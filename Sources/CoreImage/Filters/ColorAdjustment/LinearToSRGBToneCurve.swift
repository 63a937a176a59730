import Foundation

extension FilterCatalog {
    /// CILinearToSRGBToneCurve: the sRGB encoding curve applied to working values (extended: mirrored below 0).
    static let linearToSRGBToneCurve = FilterDefinition(
        name: "CILinearToSRGBToneCurve", categories: [kCategory.colorAdjustment, kCategory.video, kCategory.stillImage, kCategory.interlaced, kCategory.nonSquarePixels],
        summary: "Converts an image in linear space to sRGB space.", parameters: [.image()], mac: "10.10", iOS: "7"
    ) { args in
        args.image()?.applying(operationsKernel("linearToSRGB", [.curve(ToneCurve.fromLinear(ColorTransferFunction.sRGB.extended, name: "linear_to_sRGB"))]))
    }
}
