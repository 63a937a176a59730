import Foundation

extension FilterCatalog {
    /// CILinearDodgeBlendMode: B = Cb + Cs (see ``BlendKernel`` for how blend modes composite).
    static let linearDodgeBlendMode = blend("CILinearDodgeBlendMode", .linearDodge, "Unpremultiplies the source and background image sample colors, adds them, and then blends the result with the background according to the PDF basic compositing formula.", mac: "10.10", iOS: "8")
}
