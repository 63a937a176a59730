import Foundation

/// A colour: components in a colour space, alpha last. Immutable and thread-safe.
public final class CGColor: Sendable, Hashable, CustomStringConvertible {
    /// The colour space of the components.
    public let colorSpace: CGColorSpace?
    /// Colour components followed by alpha.
    public let components: [CGFloat]?

    /// A colour from components (colour components then alpha), or `nil` when the count does not match the space.
    public init?(colorSpace: CGColorSpace, components: UnsafePointer<CGFloat>) {
        self.colorSpace = colorSpace
        self.components = Array(UnsafeBufferPointer(start: components, count: colorSpace.numberOfComponents + 1))
    }

    /// An sRGB colour.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        colorSpace = CGColorSpace(name: CGColorSpace.sRGB)
        components = [red, green, blue, alpha]
    }

    /// A gray colour (gamma-2.2 gray).
    public init(gray: CGFloat, alpha: CGFloat) {
        colorSpace = CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)
        components = [gray, alpha]
    }

    /// Number of components including alpha.
    public var numberOfComponents: Int { components?.count ?? 0 }
    /// The alpha component.
    public var alpha: CGFloat { components?.last ?? 1 }

    /// Opaque black in sRGB.
    public static let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    /// Opaque white in sRGB.
    public static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    /// Fully transparent black.
    public static let clear = CGColor(red: 0, green: 0, blue: 0, alpha: 0)

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool { lhs.colorSpace == rhs.colorSpace && lhs.components == rhs.components }
    public func hash(into hasher: inout Hasher) { hasher.combine(components) }
    public var description: String { "<CGColor \(components ?? []) in \(colorSpace?.name ?? "ICC")>" }
}
