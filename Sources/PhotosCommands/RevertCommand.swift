import ArgumentParser
import Foundation
import Photos
import PhotoLibrary

/// `photos revert ID [--json]`: drops the asset's edit through `PHAssetChangeRequest.revertAssetContentToOriginal()`,
/// so the original (kept byte for byte) is its content again. Fails (exit 1) when the asset has no edit.
struct RevertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revert", abstract: "Revert an edited asset to its original.",
        discussion: "The edit's rendered version and adjustment data are removed; `photos history ID` still lists them.")

    @OptionGroup var libraryOptions: LibraryOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "The asset to revert (local identifier or UUID).") var identifier: String

    func run() throws {
        let photos = try PHPhotoLibrary(url: libraryOptions.url)
        let record = try photos.library.asset(identifier, includeTrashed: false)
        guard record.hasAdjustments else { throw CommandError("\(record.identifier) has no edit to revert: it already shows its original") }
        let asset = try AssetEditing.fetch(record.identifier, in: photos)
        do {
            try photos.performChangesAndWait { PHAssetChangeRequest(for: asset).revertAssetContentToOriginal() }
        } catch {
            throw CommandError("Reverting \(record.identifier) failed: \(error.localizedDescription)")
        }
        photos.waitForDerivatives()
        let reverted = try photos.library.asset(record.identifier)
        if output.json {
            Output.printJSON(["localIdentifier": reverted.identifier, "hasAdjustments": reverted.hasAdjustments,
                              "pixelWidth": reverted.pixelWidth, "pixelHeight": reverted.pixelHeight] as [String: Any])
        } else {
            print("Reverted \(reverted.identifier) to its original (\(reverted.pixelWidth)x\(reverted.pixelHeight))")
        }
    }
}
