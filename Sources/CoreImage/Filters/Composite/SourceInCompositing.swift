import Foundation

extension FilterCatalog {
    /// CISourceInCompositing: S × Da; the intersection of the extents (see ``BlendKernel`` for how blend modes composite).
    static let sourceInCompositing = blend("CISourceInCompositing", .sourceIn, "Uses the background image to define what to leave in the input image, effectively cropping the input image.")
}
