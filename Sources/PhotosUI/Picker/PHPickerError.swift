import Foundation

/// Why `PHPickerViewController.finishPicking(withAssetIdentifiers:)` refused a selection. Linux addition: Apple's
/// picker is interactive and cannot be handed an invalid selection.
public struct PHPickerError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// What went wrong.
    public enum Code: Sendable, Hashable {
        /// More assets than `selectionLimit`.
        case selectionLimitExceeded
        /// An identifier appears twice.
        case duplicateIdentifier
        /// Identifiers that name no pickable asset: unknown, trashed, hidden, an unshown burst frame, or a kind
        /// the filter excludes (`reasons` says which).
        case assetsNotPickable
        /// `preselectedAssetIdentifiers` with a configuration made by `init()` (Apple returns an error too).
        case preselectionRequiresPhotoLibrary
        /// The picking has already finished.
        case alreadyFinished
        /// The library could not be read, or an asset's files could not be found.
        case libraryError
        /// `present(openingBrowser:)` on a library directory (nobody else can be shown a picker there: finish it
        /// with `finishPicking(withAssetIdentifiers:)`), or a service that could not open the picker.
        case presentationUnavailable
    }

    /// What went wrong.
    public let code: Code
    /// One sentence for people.
    public let message: String
    /// For `.assetsNotPickable`: each refused identifier and why.
    public let reasons: [String: String]

    init(_ code: Code, _ message: String, reasons: [String: String] = [:]) {
        self.code = code; self.message = message; self.reasons = reasons
    }

    public var description: String { message }
    public var errorDescription: String? { message }
}
