import Foundation

extension FilterCatalog {
    /// CIPhotoEffectProcess: saturation change, then the per-channel five-point splines below on sRGB-encoded values (an approximation of Apple's look, see ``PhotoEffect``).
    static let photoEffectProcess = PhotoEffect("CIPhotoEffectProcess", saturation: 0.95, red: [(0, 0.02), (0.25, 0.22), (0.5, 0.5), (0.75, 0.8), (1, 1)], green: [(0, 0.04), (0.25, 0.26), (0.5, 0.52), (0.75, 0.76), (1, 0.98)], blue: [(0, 0.1), (0.25, 0.32), (0.5, 0.52), (0.75, 0.7), (1, 0.88)]).definition(
        summary: "Applies a preconfigured set of effects that imitate vintage photography film with emphasized cool colors.")
}
