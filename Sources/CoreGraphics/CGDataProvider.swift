import Foundation

/// Supplies the bytes behind a `CGImage`. Immutable and thread-safe.
///
/// Difference from Apple: takes and returns `Data` (Apple: `CFData`).
public final class CGDataProvider: Sendable {
    /// The provider's bytes.
    public let data: Data?

    /// A provider over the given bytes.
    public init(data: Data) { self.data = data }

    /// A provider over a file's bytes, or `nil` when the file cannot be read.
    public init?(url: URL) {
        guard let bytes = try? Data(contentsOf: url, options: .mappedIfSafe) else { return nil }
        self.data = bytes
    }

    /// A provider over a file's bytes, or `nil` when the file cannot be read.
    public convenience init?(filename: String) { self.init(url: URL(fileURLWithPath: filename)) }
}
