import Foundation

extension FilterCatalog {
    /// CIDifferenceBlendMode: B = |Cb − Cs| (see ``BlendKernel`` for how blend modes composite).
    static let differenceBlendMode = blend("CIDifferenceBlendMode", .difference, "Subtracts either the input image sample color from the background image sample color, or the reverse, depending on which sample has the greater brightness value.")
}
