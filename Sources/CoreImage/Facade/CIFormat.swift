/// A pixel format for Core Image inputs, outputs and intermediates (`kCIFormat…`).
///
/// Raw values of `ARGB8`, `RGBA8`, `RGBAh` and `RGBAf` match Apple's; the others are this port's own, so
/// store the statics, not the numbers. `CIFormat(rawValue: 0)` means "the context's working format" where
/// Apple accepts it (processor kernel input formats).
public struct CIFormat: RawRepresentable, Hashable, Sendable {
    /// The raw value.
    public let rawValue: Int32
    /// Creates a format from its raw value.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// 8-bit alpha, red, green, blue.
    public static let ARGB8 = CIFormat(rawValue: 23)
    /// 8-bit blue, green, red, alpha.
    public static let BGRA8 = CIFormat(rawValue: 28)
    /// 8-bit red, green, blue, alpha: 4 bytes per pixel, values 0…1.
    public static let RGBA8 = CIFormat(rawValue: 24)
    /// 8-bit alpha, blue, green, red.
    public static let ABGR8 = CIFormat(rawValue: 29)
    /// 8-bit red, green, blue and an ignored fourth byte.
    public static let RGBX8 = CIFormat(rawValue: 25)
    /// 16-bit red, green, blue, alpha.
    public static let RGBA16 = CIFormat(rawValue: 27)
    /// 16-bit red, green, blue and an ignored fourth component.
    public static let RGBX16 = CIFormat(rawValue: 30)
    /// Half-float red, green, blue, alpha: 8 bytes per pixel, ~10 bits of precision, ±65 504 (the "Goldilocks" format).
    public static let RGBAh = CIFormat(rawValue: 31)
    /// Half-float red, green, blue and an ignored fourth component.
    public static let RGBXh = CIFormat(rawValue: 32)
    /// Float red, green, blue, alpha: 16 bytes per pixel.
    public static let RGBAf = CIFormat(rawValue: 34)
    /// Float red, green, blue and an ignored fourth component.
    public static let RGBXf = CIFormat(rawValue: 35)
    /// 8-bit alpha only.
    public static let A8 = CIFormat(rawValue: 11)
    /// 16-bit alpha only.
    public static let A16 = CIFormat(rawValue: 12)
    /// Half-float alpha only.
    public static let Ah = CIFormat(rawValue: 13)
    /// Float alpha only.
    public static let Af = CIFormat(rawValue: 14)
    /// 8-bit red only.
    public static let R8 = CIFormat(rawValue: 1)
    /// 16-bit red only.
    public static let R16 = CIFormat(rawValue: 2)
    /// Half-float red only.
    public static let Rh = CIFormat(rawValue: 3)
    /// Float red only.
    public static let Rf = CIFormat(rawValue: 4)
    /// 8-bit red and green.
    public static let RG8 = CIFormat(rawValue: 5)
    /// 16-bit red and green.
    public static let RG16 = CIFormat(rawValue: 6)
    /// Half-float red and green.
    public static let RGh = CIFormat(rawValue: 7)
    /// Float red and green.
    public static let RGf = CIFormat(rawValue: 8)
    /// 8-bit luminance.
    public static let L8 = CIFormat(rawValue: 15)
    /// 16-bit luminance.
    public static let L16 = CIFormat(rawValue: 16)
    /// Half-float luminance.
    public static let Lh = CIFormat(rawValue: 17)
    /// Float luminance.
    public static let Lf = CIFormat(rawValue: 18)
    /// 8-bit luminance and alpha.
    public static let LA8 = CIFormat(rawValue: 19)
    /// 16-bit luminance and alpha.
    public static let LA16 = CIFormat(rawValue: 20)
    /// Half-float luminance and alpha.
    public static let LAh = CIFormat(rawValue: 21)
    /// Float luminance and alpha.
    public static let LAf = CIFormat(rawValue: 22)

    private static let table: [Int32: PixelFormat] = [
        23: .argb8, 28: .bgra8, 24: .rgba8, 29: .abgr8, 25: .rgbx8, 27: .rgba16, 30: .rgbx16, 31: .rgbah, 32: .rgbxh,
        34: .rgbaf, 35: .rgbxf, 11: .a8, 12: .a16, 13: .ah, 14: .af, 1: .r8, 2: .r16, 3: .rh, 4: .rf, 5: .rg8, 6: .rg16,
        7: .rgh, 8: .rgf, 15: .l8, 16: .l16, 17: .lh, 18: .lf, 19: .la8, 20: .la16, 21: .lah, 22: .laf,
    ]

    /// The engine's description of the format, `nil` for unknown raw values (and 0).
    package var pixelFormat: PixelFormat? { Self.table[rawValue] }

    /// The Core Image format for an engine format.
    package init?(_ format: PixelFormat) {
        guard let raw = Self.table.first(where: { $0.value == format })?.key else { return nil }
        self.init(rawValue: raw)
    }
}
