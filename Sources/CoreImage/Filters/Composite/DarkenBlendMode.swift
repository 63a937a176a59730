import Foundation

extension FilterCatalog {
    /// CIDarkenBlendMode: B = min(Cb, Cs) (see ``BlendKernel`` for how blend modes composite).
    static let darkenBlendMode = blend("CIDarkenBlendMode", .darken, "Creates composite image samples by choosing the darker samples (from either the source image or the background).")
}
