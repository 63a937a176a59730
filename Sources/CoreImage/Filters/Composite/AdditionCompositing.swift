import Foundation

extension FilterCatalog {
    /// CIAdditionCompositing: S + D, every component including alpha (see ``BlendKernel`` for how blend modes composite).
    static let additionCompositing = blend("CIAdditionCompositing", .addition, "Adds color components to achieve a brightening effect.")
}
