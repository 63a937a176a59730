import Foundation

extension FilterCatalog {
    /// CISourceOutCompositing: S × (1 − Da); the input image's extent (see ``BlendKernel`` for how blend modes composite).
    static let sourceOutCompositing = blend("CISourceOutCompositing", .sourceOut, "Uses the background image to define what to take out of the input image.")
}
