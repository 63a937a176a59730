import Foundation
import ImageIO

/// The check every committed edit passes before it replaces an asset's current version: the rendered file must
/// decode completely (the library core checks its type and header; this decodes the pixels), so a truncated or
/// corrupt render can never become what people see.
public enum RenderedContent {
    /// Why the file at `url` must not be committed as the render of `identifier` — missing (`.notFound`), or an
    /// image that is truncated or does not decode (`.unreadable`) — or nil when it is fine. Files that are not
    /// images at all are left to the core, whose messages name the problem. (Returned rather than thrown: this
    /// toolchain miscompiles a typed `catch` around it in the callers' loops.)
    public static func failure(_ url: URL, asset identifier: String) -> ImageManagementError? {
        guard FileManager.default.fileExists(atPath: url.path) else {
            return ImageManagementError(.notFound, "The rendered content for \(identifier) does not exist")
        }
        guard let source = CGImageSourceCreateWithURL(url as CFURL, nil), CGImageSourceGetCount(source) > 0,
              CGImageSourceGetStatusAtIndex(source, 0) != .statusUnknownType else { return nil }
        guard CGImageSourceGetStatusAtIndex(source, 0) == .statusComplete, CGImageSourceCreateImageAtIndex(source, 0, nil) != nil else {
            return ImageManagementError(.unreadable, "The rendered content for \(identifier) is truncated or does not decode")
        }
        return nil
    }
}
