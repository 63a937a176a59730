import Foundation
import ExtensionSandbox

/// An installed editing extension: a `<identifier>.photoextension` directory holding `Info.plist` and the
/// executable (Linux addition; an app extension on Apple platforms).
///
/// Extensions are looked up in the library's `extensions` directory first, then the user's
/// (`$XDG_DATA_HOME/photos/extensions`, default `~/.local/share/photos/extensions`); a library extension hides a
/// user one with the same identifier.
public struct PHEditingExtension: Sendable, Hashable, Identifiable {
    /// Where an extension was found.
    public enum Scope: String, Sendable, Hashable { case library, user }

    public let manifest: PHEditingExtensionManifest
    public let bundleURL: URL
    public let scope: Scope

    public var id: String { manifest.bundleIdentifier }
    public var executableURL: URL { bundleURL.appendingPathComponent(manifest.executableName) }

    static let bundleExtension = "photoextension"

    /// The user's extensions directory.
    public static var userDirectory: URL {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share", isDirectory: true)
        return base.appendingPathComponent("photos/extensions", isDirectory: true)
    }

    /// A library's own extensions directory; nil for a served library (its extensions are the service's: a
    /// program on a served library finds the user's).
    public static func libraryDirectory(for library: PHPhotoLibrary) -> URL? {
        library.localLibrary.map { $0.url.appendingPathComponent("extensions", isDirectory: true) }
    }

    /// The editing extensions installed for `library` (library first, then user), and why any bundle was skipped.
    public static func installed(for library: PHPhotoLibrary?, userDirectory: URL = userDirectory) -> (extensions: [PHEditingExtension], problems: [String]) {
        let all = bundles(for: library, userDirectory: userDirectory)
        return (all.extensions.filter { !$0.manifest.isProjectExtension }, all.problems)
    }

    /// Every installed extension bundle, editing and project ones (library first, then user).
    static func bundles(for library: PHPhotoLibrary?, userDirectory: URL) -> (extensions: [PHEditingExtension], problems: [String]) {
        var directories: [(URL, Scope)] = []
        if let library, let own = libraryDirectory(for: library) { directories.append((own, .library)) }
        directories.append((userDirectory, .user))
        var found: [PHEditingExtension] = []
        var problems: [String] = []
        for (directory, scope) in directories {
            let bundles = ((try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? [])
                .filter { $0.pathExtension == bundleExtension }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
            for bundle in bundles {
                do {
                    let candidate = try PHEditingExtension(bundleURL: bundle, scope: scope)
                    if !found.contains(where: { $0.id == candidate.id }) { found.append(candidate) }
                } catch {
                    problems.append("\(bundle.path): \(error)")
                }
            }
        }
        return (found, problems)
    }

    /// The installed extension whose identifier, display name or executable name is `name` (case-insensitive).
    public static func named(_ name: String, for library: PHPhotoLibrary?, userDirectory: URL = userDirectory) throws -> PHEditingExtension {
        let wanted = name.lowercased()
        let candidates = installed(for: library, userDirectory: userDirectory).extensions
        guard let match = candidates.first(where: { $0.id.lowercased() == wanted })
                ?? candidates.first(where: { $0.manifest.displayName.lowercased() == wanted || $0.manifest.executableName.lowercased() == wanted })
        else { throw PHEditingExtensionError.notFound(name) }
        return match
    }

    /// Reads an installed bundle; throws when its manifest is invalid or its executable is missing.
    public init(bundleURL: URL, scope: Scope) throws {
        let plistURL = bundleURL.appendingPathComponent("Info.plist")
        guard let data = FileManager.default.contents(atPath: plistURL.path) else {
            throw PHEditingExtensionError.invalidManifest("\(plistURL.path) is missing")
        }
        manifest = try PHEditingExtensionManifest(propertyListData: data)
        self.bundleURL = bundleURL
        self.scope = scope
        guard FileManager.default.isExecutableFile(atPath: bundleURL.appendingPathComponent(manifest.executableName).path) else {
            throw PHEditingExtensionError.invalidManifest("executable \(manifest.executableName) is missing or not executable")
        }
    }

    /// Whether it edits assets of this kind.
    public func supports(_ asset: PHAsset) -> Bool {
        manifest.supportedMediaTypes.contains(asset.mediaType)
    }

    /// Whether the extension edits a Live Photo's motion too (it declares `PHSupportsLivePhotos`); otherwise its
    /// edit of a Live Photo makes the current version a still, as Photos does.
    public func editsMotion(of asset: PHAsset) -> Bool {
        manifest.supportsLivePhotos && asset.mediaSubtypes.contains(.photoLive)
    }
}
