import Foundation
import Photos

/// One picked asset (PhotosUI's `PHPickerResult`).
public struct PHPickerResult: Sendable, Hashable {
    /// Loads the asset's representations (see `PHPickerConfiguration.AssetRepresentationMode`). Empty (no
    /// registered types) for a preselected asset that stayed selected, as Apple documents.
    public let itemProvider: NSItemProvider
    /// The asset's local identifier; nil when the configuration was made with `init()` (no photo library).
    public let assetIdentifier: String?

    public static func == (lhs: PHPickerResult, rhs: PHPickerResult) -> Bool {
        lhs.itemProvider === rhs.itemProvider && lhs.assetIdentifier == rhs.assetIdentifier
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(itemProvider))
        hasher.combine(assetIdentifier)
    }
}
