import Foundation

/// PhotoKit-shaped local identifiers: `UUID/L0/NNN`, stable forever.
///
/// The suffix tells the object kind: `001` assets, `040` asset collections, `060` collection lists.
/// (Apple documents only the shape; these suffixes are this library's choice.)
public enum LocalIdentifier {
    /// The kind of object an identifier names.
    public enum Kind: String, Sendable, CaseIterable {
        case asset = "001"
        case assetCollection = "040"
        case collectionList = "060"
    }

    /// A new identifier of the given kind.
    public static func make(_ kind: Kind) -> String {
        "\(UUID().uuidString)/L0/\(kind.rawValue)"
    }

    /// The kind of a well-formed identifier, or nil when the string is not one.
    public static func kind(of identifier: String) -> Kind? {
        let parts = identifier.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1] == "L0", UUID(uuidString: String(parts[0])) != nil else { return nil }
        return Kind(rawValue: String(parts[2]))
    }

    /// True when the string is a well-formed identifier (of any kind).
    public static func isValid(_ identifier: String) -> Bool { kind(of: identifier) != nil }
}
