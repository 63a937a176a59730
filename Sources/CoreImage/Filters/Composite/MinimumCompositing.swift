import Foundation

extension FilterCatalog {
    /// CIMinimumCompositing: min(S, D) per premultiplied component (see ``BlendKernel`` for how blend modes composite).
    static let minimumCompositing = blend("CIMinimumCompositing", .minimum, "Computes the minimum value, by color component, of two input images and creates an output image using the minimum values.")
}
