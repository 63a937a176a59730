import Foundation
import Photos
import PhotoLibrary

/// Receives the picker's results (PhotosUI's `PHPickerViewControllerDelegate`).
@preconcurrency @MainActor
public protocol PHPickerViewControllerDelegate: AnyObject {
    /// The picking finished: `results` holds the picked assets (empty when the person cancelled without
    /// preselected assets). The delegate dismisses the picker on Apple platforms.
    func picker(_ picker: PHPickerViewController, didFinishPicking results: [PHPickerResult])
}

/// The photo picker (PhotosUI's `PHPickerViewController`), without its view.
///
/// On a served library (`PHPhotoLibrary(url: unix:…)`, `PHOTOS_LIBRARY=unix:…`) `present(openingBrowser:)` shows
/// it to the library's owner on the service's picker page, and the delegate is called with what they added —
/// whatever access the program has, as on iOS. On a library directory (the owner's own process) a program, script
/// or test finishes the picking itself with `finishPicking(withAssetIdentifiers:)` (or `cancelPicking()`), and the
/// delegate is called as it would be after the person tapped Add (or Cancel):
///
/// ```swift
/// var configuration = PHPickerConfiguration(photoLibrary: .shared())
/// configuration.filter = .images
/// configuration.selectionLimit = 0
/// let picker = PHPickerViewController(configuration: configuration)
/// picker.delegate = self
/// try picker.finishPicking(withAssetIdentifiers: identifiers)
/// ```
///
/// Differences from Apple: not a `UIViewController`; no `updatePicker`, `deselectAssets`, `moveAsset`, zooming or
/// scrolling. Main-actor isolated, as Apple's.
@preconcurrency @MainActor
open class PHPickerViewController: NSObject {
    /// The configuration given at creation.
    public let configuration: PHPickerConfiguration
    /// Told when the picking finishes.
    public weak var delegate: (any PHPickerViewControllerDelegate)?
    var finished = false
    /// The wait for the owner's answer while presented over the service (`present(openingBrowser:)`).
    var presentation: Task<Void, Never>?
    /// The service's session while presented.
    var presentedSession: String?

    /// A picker with `configuration`.
    public init(configuration: PHPickerConfiguration) {
        self.configuration = configuration
        super.init()
    }

    /// Finishes the picking with the assets of `identifiers`, in that order, and calls the delegate. Linux addition,
    /// the non-interactive stand-in for the person's choice.
    ///
    /// Refused (nothing is delivered; a corrected selection may follow): more identifiers than a non-zero
    /// `selectionLimit`, a duplicate, any identifier the picker would not show (unknown, in Recently Deleted,
    /// hidden, an unshown burst frame, or a kind `filter` excludes), or preselected identifiers with a
    /// configuration made by `init()`. As Apple documents, a preselected asset that stays selected comes back with an
    /// empty item provider. With `init()` the assets are read from `PHPhotoLibrary.shared()` and the results carry
    /// no `assetIdentifier`. A picker finishes once.
    @discardableResult
    public func finishPicking(withAssetIdentifiers identifiers: [String]) throws(PHPickerError) -> [PHPickerResult] {
        try checkCanFinish()
        let limit = configuration.selectionLimit
        if limit > 0, identifiers.count > limit {
            throw PHPickerError(.selectionLimitExceeded, "\(identifiers.count) assets picked, but the selection limit is \(limit)")
        }
        var seen = Set<String>()
        for identifier in identifiers where !seen.insert(identifier).inserted {
            throw PHPickerError(.duplicateIdentifier, "\(identifier) is picked twice")
        }
        guard let library = photoLibrary.localLibrary else {
            throw PHPickerError(.libraryError, "\(photoLibrary.url.absoluteString) is served by photos serve: the owner picks there (present(openingBrowser:))")
        }
        let records: [String: AssetRecord]
        do {
            let refusals = try library.pickerRefusals(for: identifiers, filter: configuration.filter?.pickerFilter)
            if !refusals.isEmpty {
                let reasons = refusals.mapValues(\.description)
                let list = identifiers.compactMap { id in reasons[id].map { "\(id) (\($0))" } }.joined(separator: ", ")
                throw PHPickerError(.assetsNotPickable, "The picker does not show \(list)", reasons: reasons)
            }
            let rowIDs = try library.assetRowIDs(identifiers: identifiers)
            records = Dictionary(try library.assets(rowIDs: rowIDs).values.map { ($0.identifier, $0) }, uniquingKeysWith: { a, _ in a })
        } catch let error as PHPickerError {
            throw error
        } catch {
            throw PHPickerError(.libraryError, "Cannot read the library: \(error)")
        }
        let preselected = Set(configuration.preselectedAssetIdentifiers)
        var results: [PHPickerResult] = []
        for identifier in identifiers {
            guard let record = records[identifier] else {
                throw PHPickerError(.assetsNotPickable, "The picker does not show \(identifier) (no asset has this identifier)",
                                    reasons: [identifier: PickerRefusal.notFound.description])
            }
            let provider: NSItemProvider
            if preselected.contains(identifier) {
                provider = NSItemProvider()
            } else {
                do {
                    provider = try PickerItemProvider.make(for: record, mode: configuration.preferredAssetRepresentationMode, in: photoLibrary)
                } catch {
                    throw PHPickerError(.libraryError, "Cannot read the files of \(identifier): \(error)")
                }
            }
            results.append(PHPickerResult(itemProvider: provider, assetIdentifier: revealsIdentifiers ? identifier : nil))
        }
        finish(results)
        return results
    }

    /// Finishes the picking as the Cancel button does and calls the delegate: no results, or, as Apple documents,
    /// every preselected identifier (with empty item providers). Linux addition.
    @discardableResult
    public func cancelPicking() throws(PHPickerError) -> [PHPickerResult] {
        try checkCanFinish()
        let results = configuration.preselectedAssetIdentifiers.map { PHPickerResult(itemProvider: NSItemProvider(), assetIdentifier: $0) }
        finish(results)
        return results
    }

    /// The library the picker reads: the configuration's, else the shared one.
    var photoLibrary: PHPhotoLibrary { configuration.photoLibrary ?? PHPhotoLibrary.shared() }

    /// Whether results carry asset identifiers (only with `init(photoLibrary:)`).
    var revealsIdentifiers: Bool { configuration.photoLibrary != nil }

    func checkCanFinish() throws(PHPickerError) {
        if finished { throw PHPickerError(.alreadyFinished, "This picker has already finished picking") }
        if !configuration.preselectedAssetIdentifiers.isEmpty, configuration.photoLibrary == nil {
            throw PHPickerError(.preselectionRequiresPhotoLibrary,
                                "Preselected asset identifiers need a configuration made with init(photoLibrary:)")
        }
    }

    func finish(_ results: [PHPickerResult]) {
        finished = true
        delegate?.picker(self, didFinishPicking: results)
    }
}
