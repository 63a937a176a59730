import Foundation

extension FilterCatalog {
    /// CIColorDodgeBlendMode: B = min(1, Cb / (1 − Cs)) (0 when Cb = 0) (see ``BlendKernel`` for how blend modes composite).
    static let colorDodgeBlendMode = blend("CIColorDodgeBlendMode", .colorDodge, "Brightens the background image samples to reflect the source image samples.")
}
