import Foundation

extension FilterCatalog {
    /// CILuminosityBlendMode: B = SetLum(Cb, Lum(Cs)) (W3C) (see ``BlendKernel`` for how blend modes composite).
    static let luminosityBlendMode = blend("CILuminosityBlendMode", .luminosity, "Uses the hue and saturation of the background with the luminance of the input image.")
}
