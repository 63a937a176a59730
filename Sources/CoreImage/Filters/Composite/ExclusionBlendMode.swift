import Foundation

extension FilterCatalog {
    /// CIExclusionBlendMode: B = Cb + Cs − 2·Cb·Cs (see ``BlendKernel`` for how blend modes composite).
    static let exclusionBlendMode = blend("CIExclusionBlendMode", .exclusion, "Produces an effect similar to that produced by the CIDifferenceBlendMode filter but with lower contrast.")
}
