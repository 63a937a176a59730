import Foundation
import Photos
import PhotoLibrary

/// PhotoKit calls the editing commands share.
///
/// Threading: these run on the main thread of the command (ArgumentParser calls `run()` there), which the
/// content-editing input request needs: its handler is delivered on the main queue, serviced here by running
/// the main run loop until it arrives.
enum AssetEditing {
    /// The `PHAsset` with a (full) local identifier, hidden ones included.
    static func fetch(_ identifier: String, in photos: PHPhotoLibrary) throws -> PHAsset {
        let options = PHFetchOptions()
        options.photoLibrary = photos
        options.includeHiddenAssets = true
        guard let asset = PHAsset.fetchAssets(withLocalIdentifiers: [identifier], options: options).firstObject else {
            throw CommandError("No asset with identifier \(identifier)")
        }
        return asset
    }

    /// `requestContentEditingInput`, waited for.
    static func contentEditingInput(for asset: PHAsset, options: PHContentEditingInputRequestOptions) throws -> PHContentEditingInput {
        var result: PHContentEditingInput?
        var info: [AnyHashable: Any]?
        asset.requestContentEditingInput(with: options) { input, details in
            result = input
            info = details
        }
        while info == nil { _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.05)) }
        guard let result else {
            let error = info?[PHContentEditingInputErrorKey] as? Error
            throw CommandError("Cannot prepare \(asset.localIdentifier) for editing: \(error?.localizedDescription ?? "no input was delivered")")
        }
        return result
    }
}
