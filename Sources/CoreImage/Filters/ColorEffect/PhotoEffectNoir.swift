import Foundation

extension FilterCatalog {
    /// CIPhotoEffectNoir: Rec. 709 luminance only, then the five-point spline below on sRGB-encoded values (an approximation of Apple's look, see ``PhotoEffect``).
    static let photoEffectNoir = PhotoEffect("CIPhotoEffectNoir", monochrome: true, all: [(0, 0), (0.25, 0.15), (0.5, 0.5), (0.75, 0.85), (1, 1)]).definition(
        summary: "Applies a preconfigured set of effects that imitate black-and-white photography film with exaggerated contrast.")
}
