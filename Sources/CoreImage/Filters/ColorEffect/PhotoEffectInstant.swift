import Foundation

extension FilterCatalog {
    /// CIPhotoEffectInstant: saturation change, then the per-channel five-point splines below on sRGB-encoded values (an approximation of Apple's look, see ``PhotoEffect``).
    static let photoEffectInstant = PhotoEffect("CIPhotoEffectInstant", saturation: 0.9, red: [(0, 0.06), (0.25, 0.3), (0.5, 0.56), (0.75, 0.8), (1, 1)], green: [(0, 0.04), (0.25, 0.27), (0.5, 0.52), (0.75, 0.76), (1, 0.97)], blue: [(0, 0.08), (0.25, 0.26), (0.5, 0.47), (0.75, 0.7), (1, 0.9)]).definition(
        summary: "Applies a preconfigured set of effects that imitate vintage photography film with distorted colors.")
}
