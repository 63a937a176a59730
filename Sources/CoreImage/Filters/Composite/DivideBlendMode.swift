import Foundation

extension FilterCatalog {
    /// CIDivideBlendMode: B = Cb / Cs (1 where Cs = 0 and Cb > 0) (see ``BlendKernel`` for how blend modes composite).
    static let divideBlendMode = blend("CIDivideBlendMode", .divide, "Divides the background image sample color from the source image sample color.", mac: "10.10", iOS: "8")
}
