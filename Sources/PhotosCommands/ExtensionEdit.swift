import Foundation
import Photos
import PhotosUI
import PhotoLibrary

/// `photos edit ID --extension NAME key=value…`: runs an installed editing extension on a photo through
/// `PHEditingExtensionHost` (sandboxed process, deadline, validated output, commit without a prompt), with a
/// progress line. An extension that fails changes nothing; the error says how it failed.
struct ExtensionEdit {
    let identifier: String
    let step: EditSteps.Step
    let deadline: Double
    let json: Bool

    func run(libraryURL: URL) throws {
        var parameters: [String: String] = [:]
        for parameter in step.parameters {
            guard parameters.updateValue(parameter.value, forKey: parameter.key) == nil else {
                throw CommandError("\(parameter.key) is given twice")
            }
        }
        guard deadline > 0 else { throw CommandError("--deadline must be positive") }
        let photos = try PHPhotoLibrary(url: libraryURL)
        let editor = try PHEditingExtension.named(step.name, for: photos)
        let record = try photos.library.asset(identifier, includeTrashed: false)
        let asset = try AssetEditing.fetch(record.identifier, in: photos)

        let progress = Progress(totalUnitCount: 3)
        let reporter = ProgressReporter(progress: progress, label: "Editing with \(editor.manifest.displayName)", unit: "steps")
        reporter.start()
        let edited: PHAsset
        do {
            edited = try PHEditingExtensionHost(library: photos, deadline: deadline).edit(asset, with: editor, parameters: parameters, progress: progress)
            reporter.stop()
        } catch {
            reporter.stop()
            throw CommandError("\(record.identifier): \(error)")
        }
        photos.waitForDerivatives()
        let history = try photos.library.editHistory(assetRowID: record.rowID)
        let entry = history.entries.last
        let basedOnOriginal = entry?.basedOnOriginal ?? true
        if json {
            Output.printJSON([
                "localIdentifier": record.identifier, "extension": editor.id, "extensionVersion": editor.manifest.version,
                "parameters": parameters, "renderedFrom": basedOnOriginal ? "original" : "currentVersion",
                "formatIdentifier": entry?.formatIdentifier as Any? ?? NSNull(), "formatVersion": entry?.formatVersion as Any? ?? NSNull(),
                "pixelWidth": edited.pixelWidth, "pixelHeight": edited.pixelHeight, "edit": entry?.sequence as Any? ?? NSNull(),
            ] as [String: Any])
            return
        }
        let how = basedOnOriginal ? "from the original" : "stacked on the current version"
        print("Edited \(record.identifier) with \(editor.manifest.displayName) \(editor.manifest.version) (edit \(entry.map { String($0.sequence) } ?? "?"), \(how))")
        print("Rendered \(edited.pixelWidth)x\(edited.pixelHeight); adjustment data \(entry?.formatIdentifier ?? "?") \(entry?.formatVersion ?? "")")
    }
}
