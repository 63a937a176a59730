import Foundation

/// A `major.minor.patch` version (minor and patch default to 0), ordered numerically. For adjustment-data
/// compatibility checks (`formatVersion`) and extension versions.
public struct SemanticVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int

    public init(major: Int, minor: Int = 0, patch: Int = 0) {
        self.major = major; self.minor = minor; self.patch = patch
    }

    /// Parses "1", "1.2" or "1.2.3"; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.allSatisfy(\.isASCII), let n = Int(part), n >= 0 else { return nil }
            numbers.append(n)
        }
        while numbers.count < 3 { numbers.append(0) }
        self.init(major: numbers[0], minor: numbers[1], patch: numbers[2])
    }

    /// Whether data written in this version can be read by a reader of `reader`: the same major version, and
    /// not newer than the reader (a newer minor version may use settings the reader does not know).
    public func isReadable(by reader: SemanticVersion) -> Bool {
        major == reader.major && self <= reader
    }

    public static func < (a: SemanticVersion, b: SemanticVersion) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }

    public var description: String { "\(major).\(minor).\(patch)" }
}
