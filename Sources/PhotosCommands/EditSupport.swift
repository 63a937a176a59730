import Foundation
import FilterChains
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

/// The filter-chain editing steps shared by `photos edit` (photos) and `photos video` (videos): the content
/// editing input per the resume rule, and the chain to render.
struct ChainEditSession {
    let asset: PHAsset
    let input: PHContentEditingInput
    /// The whole chain to render from the input: the resumed stored chain (if any) plus the new filters.
    let chain: FilterChain
    /// How many filters came from the stored chain.
    let resumed: Int
    /// The file the chain renders from: the RAW original when the chain develops it, else the input's image.
    let source: URL?

    /// Resumes only a chain rendered from the original (a stacked chain's base is not kept); `replace` starts a new
    /// chain from the original.
    init(record: AssetRecord, photos: PHPhotoLibrary, additions: [FilterChain.Filter], replace: Bool) throws {
        asset = try AssetEditing.fetch(record.identifier, in: photos)
        let history = try photos.library.editHistory(assetRowID: record.rowID)
        let currentIsFromOriginal = history.currentEdit?.basedOnOriginal ?? true
        let options = PHContentEditingInputRequestOptions()
        options.canHandleAdjustmentData = { data in
            if replace { return true }  // the original is the input; its adjustment data is ignored
            return FilterChain.resumable(formatIdentifier: data.formatIdentifier, formatVersion: data.formatVersion, data: data.data,
                                         editBasedOnOriginal: currentIsFromOriginal) != nil
        }
        input = try AssetEditing.contentEditingInput(for: asset, options: options)
        var stored = FilterChain(filters: [])
        if !replace, let data = input.adjustmentData { stored = try FilterChain(json: data.data) }
        resumed = stored.filters.count
        let resources = try photos.library.resources(assetRowID: record.rowID)
        let storedFormatVersion = replace ? nil : input.adjustmentData?.formatVersion
        chain = stored.adding(additions).pinningDevelopment(baseIsRAW: resources.baseIsRAW(isOriginal: input.baseIsOriginal),
                                                            storedFormatVersion: storedFormatVersion)
        guard chain.development != nil else {
            source = input.fullSizeImageURL
            return
        }
        switch resources.rawDevelopmentSource(baseIsOriginal: input.baseIsOriginal) {
        case .raw(let raw): source = photos.library.fileURL(for: raw)
        case .noRAW: throw CommandError("\(record.identifier) has no RAW file to develop")
        case .notOnOriginal:
            throw CommandError("\(record.identifier)'s current edit was made by another editor or stacked on an earlier one, so the RAW cannot be developed under it; give --replace to develop the RAW again from the original")
        }
    }

    /// The adjustment data recording `chain`.
    func adjustmentData() throws -> PHAdjustmentData {
        PHAdjustmentData(formatIdentifier: FilterChain.formatIdentifier, formatVersion: FilterChain.formatVersion, data: try chain.json())
    }

    /// Commits `output` as the asset's edit.
    func commit(_ output: PHContentEditingOutput, in photos: PHPhotoLibrary) throws {
        do {
            try photos.performChangesAndWait { PHAssetChangeRequest(for: asset).contentEditingOutput = output }
        } catch {
            throw CommandError("Committing the edit of \(asset.localIdentifier) failed: \(error.localizedDescription)")
        }
    }
}
