import Foundation
import Photos

/// How a picker is set up (PhotosUI's `PHPickerConfiguration`).
///
/// Made with `init(photoLibrary:)`, the picker reads that library and its results carry asset identifiers; made
/// with `init()`, it reads `PHPhotoLibrary.shared()` but, as on iOS, its results carry no identifiers (only item
/// providers) and preselection is refused.
public struct PHPickerConfiguration: Sendable {
    /// Which representation an item provider hands out when an asset has several (Apple's raw values).
    public enum AssetRepresentationMode: Int, Sendable, Hashable {
        /// The best representation: on Linux the current version in its stored format (as `.current`).
        case automatic = 0
        /// The current version (with edits) as stored, never transcoded.
        case current = 1
        /// The most compatible form: HEIC/HEIF (and AVIF, WebP, RAW) photos become JPEG, HEVC movies H.264.
        case compatible = 2
    }

    /// How selections are delivered (Apple's `PHPickerConfiguration.Selection`, raw values as Apple's).
    ///
    /// On Linux the picking is finished in one step (`PHPickerViewController.finishPicking(withAssetIdentifiers:)`),
    /// so the continuous cases deliver once, like the others; results come in the order the identifiers are given.
    public enum Selection: Int, Sendable, Hashable {
        /// Selected photos after the person confirms, in the default order.
        case `default` = 0
        /// Selected photos after the person confirms, in the order chosen.
        case ordered = 1
        /// Selections as they happen.
        case continuous = 2
        /// Selections as they happen, in the order chosen.
        case continuousAndOrdered = 3
    }

    /// The photo library given to `init(photoLibrary:)`, or nil for `init()`.
    public let photoLibrary: PHPhotoLibrary?
    /// The kinds of assets shown; nil shows images, Live Photos and videos alike.
    public var filter: PHPickerFilter?
    /// How many assets may be picked; 0 means no limit. Default 1.
    public var selectionLimit: Int = 1
    /// Which representation item providers hand out. Default `.automatic`.
    public var preferredAssetRepresentationMode: AssetRepresentationMode = .automatic
    /// How selections are delivered. Default `.default`.
    public var selection: Selection = .default
    /// Assets selected when the picker opens. Only with `init(photoLibrary:)`; may exceed `selectionLimit`
    /// (picking then cannot finish until enough are deselected).
    public var preselectedAssetIdentifiers: [String] = []
    /// The layout of the picker's grid (no effect without presentation).
    public var mode: PHPickerMode = .default

    /// A configuration without a photo library: results carry no asset identifiers.
    public init() {
        photoLibrary = nil
    }

    /// A configuration for `photoLibrary`: results carry asset identifiers.
    public init(photoLibrary: PHPhotoLibrary) {
        self.photoLibrary = photoLibrary
    }
}

/// A picker's layout (PhotosUI's `PHPickerMode`). Stored only: Linux has no picker view yet.
public struct PHPickerMode: Sendable, Hashable {
    private let rawValue: Int
    /// A grid in a larger area.
    public static let `default` = PHPickerMode(rawValue: 0)
    /// A single row in a smaller area.
    public static let compact = PHPickerMode(rawValue: 1)
}
