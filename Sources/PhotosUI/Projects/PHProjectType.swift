import Foundation

/// The type of project an extension makes (Apple's extensible string enumeration: an extension adds its own).
///
/// Apple does not document the raw string of `undefined`; here it is the empty string.
public struct PHProjectType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    /// The value with this raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The value with this raw string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// No particular type.
    public static let undefined = PHProjectType(rawValue: "")
}
