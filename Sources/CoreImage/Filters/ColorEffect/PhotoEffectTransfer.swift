import Foundation

extension FilterCatalog {
    /// CIPhotoEffectTransfer: saturation change, then the per-channel five-point splines below on sRGB-encoded values (an approximation of Apple's look, see ``PhotoEffect``).
    static let photoEffectTransfer = PhotoEffect("CIPhotoEffectTransfer", saturation: 1.05, red: [(0, 0.03), (0.25, 0.28), (0.5, 0.56), (0.75, 0.8), (1, 0.98)], green: [(0, 0.02), (0.25, 0.25), (0.5, 0.5), (0.75, 0.74), (1, 0.95)], blue: [(0, 0.05), (0.25, 0.22), (0.5, 0.42), (0.75, 0.64), (1, 0.85)]).definition(
        summary: "Applies a preconfigured set of effects that imitate vintage photography film with emphasized warm colors.")
}
