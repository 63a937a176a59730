import Foundation

extension FilterCatalog {
    /// CIPinLightBlendMode: B = Cs ≤ ½ ? min(Cb, 2·Cs) : max(Cb, 2·Cs − 1) (see ``BlendKernel`` for how blend modes composite).
    static let pinLightBlendMode = blend("CIPinLightBlendMode", .pinLight, "Conditionally replaces background image samples with source image samples depending on the brightness of the source image samples.", mac: "10.10", iOS: "8")
}
