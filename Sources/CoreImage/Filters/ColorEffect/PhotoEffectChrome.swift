import Foundation

extension FilterCatalog {
    /// CIPhotoEffectChrome: saturation change, then the per-channel five-point splines below on sRGB-encoded values (an approximation of Apple's look, see ``PhotoEffect``).
    static let photoEffectChrome = PhotoEffect("CIPhotoEffectChrome", saturation: 1.2, all: [(0, 0), (0.25, 0.22), (0.5, 0.5), (0.75, 0.78), (1, 1)]).definition(
        summary: "Applies a preconfigured set of effects that imitate vintage photography film with exaggerated color.")
}
