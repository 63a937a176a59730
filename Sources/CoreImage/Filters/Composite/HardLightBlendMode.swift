import Foundation

extension FilterCatalog {
    /// CIHardLightBlendMode: B = Cs ≤ ½ ? 2·Cs·Cb : Screen(Cb, 2·Cs − 1) (see ``BlendKernel`` for how blend modes composite).
    static let hardLightBlendMode = blend("CIHardLightBlendMode", .hardLight, "Either multiplies or screens colors, depending on the source image sample color.")
}
