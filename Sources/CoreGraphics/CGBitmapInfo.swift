/// How alpha is stored in a bitmap's pixels, as in Core Graphics (raw values match Apple's).
@frozen
public enum CGImageAlphaInfo: UInt32, Sendable, Hashable {
    /// No alpha channel.
    case none = 0
    /// Alpha is the last component and colour components are premultiplied by it (RGBA).
    case premultipliedLast = 1
    /// Alpha is the first component and colour components are premultiplied by it (ARGB).
    case premultipliedFirst = 2
    /// Alpha is the last component, colour components are not premultiplied.
    case last = 3
    /// Alpha is the first component, colour components are not premultiplied.
    case first = 4
    /// A padding component follows the colour components and is ignored (RGBX).
    case noneSkipLast = 5
    /// A padding component precedes the colour components and is ignored (XRGB).
    case noneSkipFirst = 6
    /// Only alpha, no colour components.
    case alphaOnly = 7

    /// Whether pixels carry an alpha component that is not ignored.
    public var hasAlpha: Bool {
        switch self {
        case .premultipliedLast, .premultipliedFirst, .last, .first, .alphaOnly: true
        case .none, .noneSkipLast, .noneSkipFirst: false
        }
    }

    /// Whether colour components are premultiplied by alpha.
    public var isPremultiplied: Bool { self == .premultipliedLast || self == .premultipliedFirst }
}

/// The byte order of a bitmap's components, as in Core Graphics (raw values match Apple's).
@frozen
public enum CGImageByteOrderInfo: UInt32, Sendable, Hashable {
    /// Mask selecting the byte-order bits of a `CGBitmapInfo`.
    case orderMask = 0x7000
    /// The default (big-endian, component order as written).
    case orderDefault = 0
    /// 16-bit little-endian words.
    case order16Little = 0x1000
    /// 32-bit little-endian words (with `premultipliedFirst`, the BGRA byte layout).
    case order32Little = 0x2000
    /// 16-bit big-endian words.
    case order16Big = 0x3000
    /// 32-bit big-endian words.
    case order32Big = 0x4000
}

/// The layout of a bitmap's pixels: alpha placement, byte order and float components, as in Core Graphics.
public struct CGBitmapInfo: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    /// Creates bitmap info from Apple's raw bit pattern.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Creates bitmap info holding only the given alpha placement.
    public init(alphaInfo: CGImageAlphaInfo) { self.rawValue = alphaInfo.rawValue }

    /// Mask selecting the `CGImageAlphaInfo` bits.
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// Mask selecting the float-component bits.
    public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
    /// Components are IEEE floats (16- or 32-bit) rather than unsigned integers.
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    /// Mask selecting the byte-order bits.
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    /// Default byte order.
    public static let byteOrderDefault = CGBitmapInfo([])
    /// 16-bit little-endian.
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 0x1000)
    /// 32-bit little-endian.
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 0x2000)
    /// 16-bit big-endian.
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 0x3000)
    /// 32-bit big-endian.
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 0x4000)

    /// The alpha placement encoded in these bits (`.none` for unknown values).
    public var alphaInfo: CGImageAlphaInfo { CGImageAlphaInfo(rawValue: rawValue & 0x1F) ?? .none }
    /// The byte order encoded in these bits.
    public var byteOrderInfo: CGImageByteOrderInfo { CGImageByteOrderInfo(rawValue: rawValue & 0x7000) ?? .orderDefault }
}

/// How colours outside a destination's gamut are mapped, as in Core Graphics.
@frozen
public enum CGColorRenderingIntent: Int32, Sendable, Hashable {
    /// The context's default (relative colorimetric here).
    case defaultIntent = 0
    /// Absolute colorimetric: no white-point adaptation.
    case absoluteColorimetric = 1
    /// Relative colorimetric: white maps to white, out-of-gamut colours clip.
    case relativeColorimetric = 2
    /// Perceptual: the gamut is compressed to preserve relationships.
    case perceptual = 3
    /// Saturation: vividness preserved at the cost of accuracy.
    case saturation = 4
}
