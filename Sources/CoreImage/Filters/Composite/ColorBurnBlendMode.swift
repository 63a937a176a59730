import Foundation

extension FilterCatalog {
    /// CIColorBurnBlendMode: B = 1 − min(1, (1 − Cb) / Cs) (1 when Cb = 1) (see ``BlendKernel`` for how blend modes composite).
    static let colorBurnBlendMode = blend("CIColorBurnBlendMode", .colorBurn, "Darkens the background image samples to reflect the source image samples.")
}
