import Foundation

extension FilterCatalog {
    /// CISoftLightBlendMode: the W3C soft-light formula (see ``BlendKernel`` for how blend modes composite).
    static let softLightBlendMode = blend("CISoftLightBlendMode", .softLight, "Either darkens or lightens colors, depending on the input image sample color.")
}
