import Foundation

extension FilterCatalog {
    /// CISaturationBlendMode: B = SetLum(SetSat(Cb, Sat(Cs)), Lum(Cb)) (W3C) (see ``BlendKernel`` for how blend modes composite).
    static let saturationBlendMode = blend("CISaturationBlendMode", .saturation, "Uses the luminance and hue values of the background with the saturation of the input image.")
}
