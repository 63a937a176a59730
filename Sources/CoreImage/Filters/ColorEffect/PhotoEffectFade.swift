import Foundation

extension FilterCatalog {
    /// CIPhotoEffectFade: saturation change, then the per-channel five-point splines below on sRGB-encoded values (an approximation of Apple's look, see ``PhotoEffect``).
    static let photoEffectFade = PhotoEffect("CIPhotoEffectFade", saturation: 0.8, all: [(0, 0.1), (0.25, 0.3), (0.5, 0.52), (0.75, 0.74), (1, 0.95)]).definition(
        summary: "Applies a preconfigured set of effects that imitate vintage photography film with diminished color.")
}
