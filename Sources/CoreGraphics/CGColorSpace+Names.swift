/// Apple's colour-space names (the same strings as Apple's `kCGColorSpace…` constants).
extension CGColorSpace {
    /// IEC 61966-2-1 sRGB.
    public static let sRGB = "kCGColorSpaceSRGB"
    /// sRGB primaries and curve, values outside [0, 1] kept (mirrored curve).
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    /// sRGB primaries, linear light.
    public static let linearSRGB = "kCGColorSpaceLinearSRGB"
    /// sRGB primaries, linear light, values outside [0, 1] kept (Core Image's default working space).
    public static let extendedLinearSRGB = "kCGColorSpaceExtendedLinearSRGB"
    /// Display P3: DCI-P3 primaries, D65 white, the sRGB curve.
    public static let displayP3 = "kCGColorSpaceDisplayP3"
    /// Display P3, values outside [0, 1] kept.
    public static let extendedDisplayP3 = "kCGColorSpaceExtendedDisplayP3"
    /// Display P3 primaries, linear light.
    public static let linearDisplayP3 = "kCGColorSpaceLinearDisplayP3"
    /// Display P3 primaries, linear light, values outside [0, 1] kept.
    public static let extendedLinearDisplayP3 = "kCGColorSpaceExtendedLinearDisplayP3"
    /// DCI-P3 with the DCI white point and a 2.6 gamma.
    public static let dcip3 = "kCGColorSpaceDCIP3"
    /// Adobe RGB (1998): gamma 563/256.
    public static let adobeRGB1998 = "kCGColorSpaceAdobeRGB1998"
    /// ITU-R BT.709.
    public static let itur_709 = "kCGColorSpaceITUR_709"
    /// ITU-R BT.2020.
    public static let itur_2020 = "kCGColorSpaceITUR_2020"
    /// BT.2020 primaries, linear light.
    public static let linearITUR_2020 = "kCGColorSpaceLinearITUR_2020"
    /// BT.2020 primaries, linear light, values outside [0, 1] kept.
    public static let extendedLinearITUR_2020 = "kCGColorSpaceExtendedLinearITUR_2020"
    /// Gray with a 2.2 gamma.
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    /// Gray, linear light.
    public static let linearGray = "kCGColorSpaceLinearGray"
    /// Gray with the sRGB curve, values outside [0, 1] kept.
    public static let extendedGray = "kCGColorSpaceExtendedGray"
    /// Gray, linear light, values outside [0, 1] kept.
    public static let extendedLinearGray = "kCGColorSpaceExtendedLinearGray"
    /// Linear RGB with sRGB primaries (Apple's generic linear RGB; this port uses sRGB primaries).
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
}

/// The published definition of a named colour space.
struct NamedColorSpaceDefinition: Sendable {
    var description: String
    /// xy chromaticities of red, green, blue (ignored for gray).
    var primaries: [(Double, Double)]
    /// xy chromaticity of the white point.
    var white: (Double, Double)
    var transfer: ColorTransferFunction
    var isGray: Bool
}

enum NamedColorSpaces {
    static let d65 = (0.3127, 0.3290)
    static let srgbPrimaries = [(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)]
    static let p3Primaries = [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)]
    static let adobePrimaries = [(0.64, 0.33), (0.21, 0.71), (0.15, 0.06)]
    static let rec2020Primaries = [(0.708, 0.292), (0.170, 0.797), (0.131, 0.046)]

    static func definition(named name: String) -> NamedColorSpaceDefinition? {
        func rgb(_ description: String, _ primaries: [(Double, Double)], _ transfer: ColorTransferFunction,
                 white: (Double, Double) = d65) -> NamedColorSpaceDefinition {
            NamedColorSpaceDefinition(description: description, primaries: primaries, white: white, transfer: transfer, isGray: false)
        }
        func gray(_ description: String, _ transfer: ColorTransferFunction) -> NamedColorSpaceDefinition {
            NamedColorSpaceDefinition(description: description, primaries: [], white: d65, transfer: transfer, isGray: true)
        }
        switch name {
        case CGColorSpace.sRGB: return rgb("sRGB IEC61966-2.1", srgbPrimaries, .sRGB)
        case CGColorSpace.extendedSRGB: return rgb("Extended sRGB", srgbPrimaries, ColorTransferFunction.sRGB.extended)
        case CGColorSpace.linearSRGB, CGColorSpace.genericRGBLinear: return rgb("Linear sRGB", srgbPrimaries, .linear)
        case CGColorSpace.extendedLinearSRGB: return rgb("Extended Linear sRGB", srgbPrimaries, ColorTransferFunction.linear.extended)
        case CGColorSpace.displayP3: return rgb("Display P3", p3Primaries, .sRGB)
        case CGColorSpace.extendedDisplayP3: return rgb("Extended Display P3", p3Primaries, ColorTransferFunction.sRGB.extended)
        case CGColorSpace.linearDisplayP3: return rgb("Linear Display P3", p3Primaries, .linear)
        case CGColorSpace.extendedLinearDisplayP3: return rgb("Extended Linear Display P3", p3Primaries, ColorTransferFunction.linear.extended)
        case CGColorSpace.dcip3: return rgb("DCI-P3", p3Primaries, .gamma(2.6), white: (0.314, 0.351))
        case CGColorSpace.adobeRGB1998: return rgb("Adobe RGB (1998)", adobePrimaries, .gamma(563.0 / 256.0))
        case CGColorSpace.itur_709: return rgb("ITU-R BT.709", srgbPrimaries, .rec709)
        case CGColorSpace.itur_2020: return rgb("ITU-R BT.2020", rec2020Primaries, .rec709)
        case CGColorSpace.linearITUR_2020: return rgb("Linear ITU-R BT.2020", rec2020Primaries, .linear)
        case CGColorSpace.extendedLinearITUR_2020: return rgb("Extended Linear ITU-R BT.2020", rec2020Primaries, ColorTransferFunction.linear.extended)
        case CGColorSpace.genericGrayGamma2_2: return gray("Generic Gray Gamma 2.2", .gamma(2.2))
        case CGColorSpace.linearGray: return gray("Linear Gray", .linear)
        case CGColorSpace.extendedGray: return gray("Extended Gray", ColorTransferFunction.sRGB.extended)
        case CGColorSpace.extendedLinearGray: return gray("Extended Linear Gray", ColorTransferFunction.linear.extended)
        default: return nil
        }
    }
}
