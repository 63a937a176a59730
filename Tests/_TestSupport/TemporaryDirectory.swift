import Foundation

/// A fresh directory under the system temporary directory, removed when the value is deinitialised.
public final class TemporaryDirectory: @unchecked Sendable {
    /// The directory.
    public let url: URL

    /// Creates a new empty directory whose name starts with `prefix`.
    public init(prefix: String = "photos-test") {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A path inside the directory.
    public func appending(_ component: String) -> URL { url.appendingPathComponent(component) }

    /// Every regular file below a folder, as paths relative to it, sorted.
    public static func files(under folder: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var result: [String] = []
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            result.append(String(url.path.dropFirst(folder.path.count + 1)))
        }
        return result.sorted()
    }
}
