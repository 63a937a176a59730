import Foundation

extension FilterCatalog {
    /// CISubtractBlendMode: B = Cb − Cs (see ``BlendKernel`` for how blend modes composite).
    static let subtractBlendMode = blend("CISubtractBlendMode", .subtract, "Subtracts the input image sample color from the background image sample color.", mac: "10.10", iOS: "8")
}
