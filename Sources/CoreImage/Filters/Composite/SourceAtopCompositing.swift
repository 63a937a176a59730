import Foundation

extension FilterCatalog {
    /// CISourceAtopCompositing: S × Da + D × (1 − Sa) (premultiplied); the background's extent (see ``BlendKernel`` for how blend modes composite).
    static let sourceAtopCompositing = blend("CISourceAtopCompositing", .sourceAtop, "Places the input image over the background image, then uses the luminance of the background image to determine what to show.")
}
