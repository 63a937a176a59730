import Foundation

extension FilterCatalog {
    /// CILightenBlendMode: B = max(Cb, Cs) (see ``BlendKernel`` for how blend modes composite).
    static let lightenBlendMode = blend("CILightenBlendMode", .lighten, "Creates composite image samples by choosing the lighter samples (either from the source image or the background).")
}
