import Foundation

extension FilterCatalog {
    /// CIPhotoEffectMono: Rec. 709 luminance only, then the five-point spline below on sRGB-encoded values (an approximation of Apple's look, see ``PhotoEffect``).
    static let photoEffectMono = PhotoEffect("CIPhotoEffectMono", monochrome: true, all: [(0, 0), (0.25, 0.25), (0.5, 0.5), (0.75, 0.75), (1, 1)]).definition(
        summary: "Applies a preconfigured set of effects that imitate black-and-white photography film with low contrast.")
}
