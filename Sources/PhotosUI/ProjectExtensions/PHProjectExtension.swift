import Foundation
import ExtensionSandbox

/// An installed project extension (Linux addition): a `<identifier>.photoextension` bundle whose manifest
/// declares `com.apple.photo-project`. Found where editing extensions are (the library's `extensions`
/// directory, then the user's) and installed the same way (`PHEditingExtension.install`, `photos extensions install`).
public struct PHProjectExtension: Sendable, Hashable, Identifiable {
    public let manifest: PHEditingExtensionManifest
    public let bundleURL: URL
    public let scope: PHEditingExtension.Scope

    public var id: String { manifest.bundleIdentifier }
    public var executableURL: URL { bundleURL.appendingPathComponent(manifest.executableName) }

    /// The installed bundle as a project extension; nil when it is an editing extension.
    public init?(_ bundle: PHEditingExtension) {
        guard bundle.manifest.isProjectExtension else { return nil }
        manifest = bundle.manifest
        bundleURL = bundle.bundleURL
        scope = bundle.scope
    }

    /// The project extensions installed for `library` (library first, then user), and why any bundle was skipped.
    public static func installed(for library: PHPhotoLibrary?,
                                 userDirectory: URL = PHEditingExtension.userDirectory) -> (extensions: [PHProjectExtension], problems: [String]) {
        let all = PHEditingExtension.bundles(for: library, userDirectory: userDirectory)
        return (all.extensions.compactMap(PHProjectExtension.init), all.problems)
    }

    /// The installed project extension whose identifier, display name or executable name is `name` (case-insensitive).
    public static func named(_ name: String, for library: PHPhotoLibrary?,
                             userDirectory: URL = PHEditingExtension.userDirectory) throws -> PHProjectExtension {
        let wanted = name.lowercased()
        let candidates = installed(for: library, userDirectory: userDirectory).extensions
        guard let match = candidates.first(where: { $0.id.lowercased() == wanted })
                ?? candidates.first(where: { $0.manifest.displayName.lowercased() == wanted || $0.manifest.executableName.lowercased() == wanted })
        else { throw PHEditingExtensionError.notFound("\(name) (a project extension)") }
        return match
    }
}
