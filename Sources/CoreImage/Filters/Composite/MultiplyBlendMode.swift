import Foundation

extension FilterCatalog {
    /// CIMultiplyBlendMode: B = Cb × Cs (see ``BlendKernel`` for how blend modes composite).
    static let multiplyBlendMode = blend("CIMultiplyBlendMode", .multiply, "Multiplies the input image samples with the background image samples.")
}
