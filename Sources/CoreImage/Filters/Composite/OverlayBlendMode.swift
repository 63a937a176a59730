import Foundation

extension FilterCatalog {
    /// CIOverlayBlendMode: B = HardLight(Cs, Cb) with the roles swapped (see ``BlendKernel`` for how blend modes composite).
    static let overlayBlendMode = blend("CIOverlayBlendMode", .overlay, "Either multiplies or screens the input image samples with the background image samples, depending on the background color.")
}
