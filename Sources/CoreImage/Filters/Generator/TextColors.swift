import Foundation

/// Colours for the text generators, which draw in sRGB.
enum TextColors {
    /// `color` as straight, sRGB-encoded components: unchanged when it is in sRGB (or names no space), else
    /// converted through the working space.
    static func sRGB(_ color: FilterColor) -> FilterColor {
        guard let space = color.space, space != ColorSpaces.sRGB else { return FilterColor(color.red, color.green, color.blue, color.alpha) }
        let linear = color.premultipliedWorking
        let alpha = Double(linear[3])
        func encode(_ v: Float) -> Double {
            let x = alpha > 0 ? Double(v) / alpha : 0
            return x <= 0.0031308 ? 12.92 * x : 1.055 * pow(x, 1 / 2.4) - 0.055
        }
        return FilterColor(encode(linear[0]), encode(linear[1]), encode(linear[2]), alpha)
    }
}
