import Foundation

/// A colour for Core Image: red, green, blue and alpha components in a colour space (sRGB unless given).
/// Immutable and thread-safe. Components are not clamped (extended-range colours are allowed).
public final class CIColor: NSObject, @unchecked Sendable {
    /// The red component.
    public let red: CGFloat
    /// The green component.
    public let green: CGFloat
    /// The blue component.
    public let blue: CGFloat
    /// The alpha component.
    public let alpha: CGFloat
    /// The colour space of the components.
    public let colorSpace: CGColorSpace

    /// A colour in sRGB.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
        colorSpace = ColorSpaces.sRGB
    }

    /// A colour in the given RGB colour space, or `nil` when the space is not RGB.
    public init?(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat = 1, colorSpace: CGColorSpace) {
        guard colorSpace.model == .rgb else { return nil }
        (self.red, self.green, self.blue, self.alpha, self.colorSpace) = (red, green, blue, alpha, colorSpace)
    }

    /// A colour from a `CGColor` (gray colours become equal RGB components).
    public convenience init(cgColor: CGColor) {
        let c = cgColor.components ?? [0, 0, 0, 1]
        if c.count >= 4 {
            self.init(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        } else {
            self.init(red: c.first ?? 0, green: c.first ?? 0, blue: c.first ?? 0, alpha: c.count > 1 ? c[1] : 1)
        }
    }

    /// A colour from a string like "0.5 0.7 0.3 1.0" (alpha optional), as `stringRepresentation` writes it.
    public convenience init(string representation: String) {
        let numbers = representation.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "[" || $0 == "]" })
            .compactMap { Double($0) }
        let c = numbers + Array(repeating: 0, count: max(0, 3 - numbers.count))
        self.init(red: c[0], green: c[1], blue: c[2], alpha: numbers.count > 3 ? numbers[3] : 1)
    }

    /// Number of components (always 4: red, green, blue, alpha).
    public var numberOfComponents: Int { 4 }
    /// The components, alpha last.
    public var components: [CGFloat] { [red, green, blue, alpha] }
    /// "r g b a".
    public var stringRepresentation: String { "\(red) \(green) \(blue) \(alpha)" }

    /// "<CIColor r g b a space>".
    public override var description: String { "<CIColor \(stringRepresentation) \(ColorSpaces.shortName(colorSpace))>" }
    /// Equal components in the same colour space.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CIColor else { return false }
        return components == other.components && colorSpace == other.colorSpace
    }
    /// A hash of the components.
    public override var hash: Int { components.hashValue }

    /// Opaque black (sRGB).
    public static let black = CIColor(red: 0, green: 0, blue: 0)
    /// Opaque white (sRGB).
    public static let white = CIColor(red: 1, green: 1, blue: 1)
    /// Opaque 50 % gray (sRGB).
    public static let gray = CIColor(red: 0.5, green: 0.5, blue: 0.5)
    /// Opaque red (sRGB).
    public static let red = CIColor(red: 1, green: 0, blue: 0)
    /// Opaque green (sRGB).
    public static let green = CIColor(red: 0, green: 1, blue: 0)
    /// Opaque blue (sRGB).
    public static let blue = CIColor(red: 0, green: 0, blue: 1)
    /// Opaque cyan (sRGB).
    public static let cyan = CIColor(red: 0, green: 1, blue: 1)
    /// Opaque magenta (sRGB).
    public static let magenta = CIColor(red: 1, green: 0, blue: 1)
    /// Opaque yellow (sRGB).
    public static let yellow = CIColor(red: 1, green: 1, blue: 0)
    /// Transparent black (sRGB).
    public static let clear = CIColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// The engine's form of the colour.
    package var filterColor: FilterColor {
        FilterColor(Double(red), Double(green), Double(blue), Double(alpha), space: colorSpace == ColorSpaces.sRGB ? nil : colorSpace)
    }

    package convenience init(_ color: FilterColor) {
        if let space = color.space, let made = CIColor(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha, colorSpace: space) {
            self.init(red: made.red, green: made.green, blue: made.blue, alpha: made.alpha, colorSpace: space)!
        } else {
            self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        }
    }
}
