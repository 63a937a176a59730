import Foundation

extension FilterCatalog {
    /// CIMaximumCompositing: max(S, D) per premultiplied component (see ``BlendKernel`` for how blend modes composite).
    static let maximumCompositing = blend("CIMaximumCompositing", .maximum, "Computes the maximum value, by color component, of two input images and creates an output image using the maximum values.")
}
