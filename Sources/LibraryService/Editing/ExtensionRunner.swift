import Foundation
import Photos
import PhotosUI
import Synchronization

/// Editing extensions for the service: the ones installed for the library (or for the user running the
/// server), run by PhotosUI's host exactly as `photos edit --extension` runs them — its own sandboxed process, the
/// WWDC 2014 input rule, a deadline, a validated result committed as the asset's new content.
///
/// The host commits through the PhotoKit façade, which knows no account; the service checks the ownership rule
/// (`Library.assetsNotChangeable`) before anything runs.
final class ExtensionRunner: Sendable {
    private let url: URL
    private let facade = Mutex<PHPhotoLibrary?>(nil)
    /// Seconds an extension may run before it is stopped.
    static let deadline: TimeInterval = 120

    init(libraryURL: URL) { url = libraryURL }

    /// The PhotoKit library over the same directory, opened on first use.
    func library() throws -> PHPhotoLibrary {
        try facade.withLock { current in
            if let current { return current }
            let opened = try PHPhotoLibrary(url: url)
            current = opened
            return opened
        }
    }

    /// The installed extensions (library first, then the server user's).
    func installed() throws -> [PHEditingExtension] { PHEditingExtension.installed(for: try library()).extensions }

    /// Runs `extensionID` on the asset `identifier` with `parameters`; returns when the edit is committed.
    func edit(assetIdentifier identifier: String, extensionID: String, parameters: [String: String]) throws {
        let library = try library()
        guard let chosen = try installed().first(where: { $0.id == extensionID }) else { throw PHEditingExtensionError.notFound(extensionID) }
        let options = PHFetchOptions()
        options.photoLibrary = library
        guard let asset = PHAsset.fetchAssets(withLocalIdentifiers: [identifier], options: options).firstObject else {
            throw Problem.notFound("No asset \(identifier)")
        }
        _ = try PHEditingExtensionHost(library: library, deadline: Self.deadline).edit(asset, with: chosen, parameters: parameters)
    }
}
