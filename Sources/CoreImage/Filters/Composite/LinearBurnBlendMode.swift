import Foundation

extension FilterCatalog {
    /// CILinearBurnBlendMode: B = Cb + Cs − 1 (see ``BlendKernel`` for how blend modes composite).
    static let linearBurnBlendMode = blend("CILinearBurnBlendMode", .linearBurn, "Inverts the unpremultiplied source and background image sample color, inverts the sum, and then blends the result with the background according to the PDF basic compositing formula.", mac: "10.10", iOS: "8")
}
