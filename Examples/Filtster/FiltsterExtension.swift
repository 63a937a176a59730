import Foundation
import PhotosUI

/// Filtster: a photo editing extension with a vignette and a sepia / noir / chrome filter, resuming its own
/// edits from adjustment data. Build it (`swift build`), install it (`photos extensions install
/// .build/debug/filtster`), use it (`photos edit ID --extension Filtster filter=noir vignette=1.5`).
@main
struct FiltsterExtension {
    @MainActor static func main() {
        PHEditingExtensionMain.run(
            manifest: PHEditingExtensionManifest(bundleIdentifier: "org.photokit-linux.filtster", displayName: "Filtster",
                                                 version: "1.1.0", supportedMediaTypes: [.image])
        ) { FiltsterController() }
    }
}
