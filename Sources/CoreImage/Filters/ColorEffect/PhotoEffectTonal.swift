import Foundation

extension FilterCatalog {
    /// CIPhotoEffectTonal: Rec. 709 luminance only, then the five-point spline below on sRGB-encoded values (an approximation of Apple's look, see ``PhotoEffect``).
    static let photoEffectTonal = PhotoEffect("CIPhotoEffectTonal", monochrome: true, all: [(0, 0.05), (0.25, 0.27), (0.5, 0.5), (0.75, 0.73), (1, 0.95)]).definition(
        summary: "Applies a preconfigured set of effects that imitate black-and-white photography film without significantly altering contrast.")
}
