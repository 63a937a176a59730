import Foundation

extension FilterCatalog {
    /// CIColorBlendMode: B = SetLum(Cs, Lum(Cb)) (W3C) (see ``BlendKernel`` for how blend modes composite).
    static let colorBlendMode = blend("CIColorBlendMode", .color, "Uses the luminance values of the background with the hue and saturation values of the source image.")
}
