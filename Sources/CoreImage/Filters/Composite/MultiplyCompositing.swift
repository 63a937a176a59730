import Foundation

extension FilterCatalog {
    /// CIMultiplyCompositing: S × D, every premultiplied component including alpha (see ``BlendKernel`` for how blend modes composite).
    static let multiplyCompositing = blend("CIMultiplyCompositing", .multiplyCompositing, "Multiplies the color component of two input images and creates an output image using the multiplied values.")
}
