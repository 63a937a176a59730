import Foundation
import PhotosUI

/// The example project extension: makes a photo book as a multi-page PDF from a project's content.
///
/// Install it with `photos extensions install .build/debug/photobook`, then
/// `photos project create --from-memory ID --extension "Photo Book" --output DIR`.
@main
struct PhotoBookExtension {
    @MainActor static func main() {
        PHProjectExtensionMain.run(manifest: PHEditingExtensionManifest(
            bundleIdentifier: "org.photokit-linux.photobook", displayName: "Photo Book", version: "1.0",
            extensionPointIdentifier: PHEditingExtensionManifest.photoProjectExtensionPoint, definesProjectTypes: true)) {
            PhotoBookController()
        }
    }
}
