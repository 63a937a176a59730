import Foundation

extension FilterCatalog {
    /// CIScreenBlendMode: B = Cb + Cs − Cb × Cs (see ``BlendKernel`` for how blend modes composite).
    static let screenBlendMode = blend("CIScreenBlendMode", .screen, "Multiplies the inverse of the input image samples with the inverse of the background image samples.")
}
