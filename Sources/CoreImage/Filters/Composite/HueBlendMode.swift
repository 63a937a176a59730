import Foundation

extension FilterCatalog {
    /// CIHueBlendMode: B = SetLum(SetSat(Cs, Sat(Cb)), Lum(Cb)) (W3C) (see ``BlendKernel`` for how blend modes composite).
    static let hueBlendMode = blend("CIHueBlendMode", .hue, "Uses the luminance and saturation values of the background with the hue of the input image.")
}
