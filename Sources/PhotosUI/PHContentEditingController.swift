import Foundation
@_exported import Photos

/// The protocol a Photos editing extension's controller adopts. The host (Photos on Apple platforms; here
/// `PHEditingExtensionHost`, the `photos edit --extension` command) drives it in this order:
/// `canHandle(_:)` (only when the asset carries adjustment data), `startContentEditing(with:placeholderImage:)`,
/// then either `finishContentEditing(completionHandler:)` or `cancelContentEditing()`.
///
/// Differences from Apple's: there is no view controller. Where a user would move sliders, the host sets the
/// controller's declared parameters (adopt `PHContentEditingParameterized`) between start and finish. The
/// controller runs in its own sandboxed process (see `PHEditingExtensionMain`), which can read only its input
/// and write only its output directory; `cancelContentEditing()` is called when the host cancels, at any moment.
///
/// Main-actor isolated with `@preconcurrency`, as Apple's Objective-C declaration imports: Swift 5 mode code
/// written for iOS (e.g. reading `self.input` on a global queue in `finishContentEditing`) compiles with
/// warnings, as it does there.
@preconcurrency @MainActor
public protocol PHContentEditingController: NSObjectProtocol {
    /// Whether the controller can resume from `adjustmentData` (the asset's last edit). When it returns true,
    /// its input is the original image plus that adjustment data; otherwise it is the current rendered image,
    /// and the new edit stacks on it.
    func canHandle(_ adjustmentData: PHAdjustmentData) -> Bool

    /// Begins an edit of `contentEditingInput`; `placeholderImage` is the display-size image to show meanwhile.
    func startContentEditing(with contentEditingInput: PHContentEditingInput, placeholderImage: UIImage)

    /// Renders the full-size result into a `PHContentEditingOutput` made from the input, sets its adjustment
    /// data, and calls `completionHandler` with it (from any thread), or with nil to make no change.
    func finishContentEditing(completionHandler: @escaping (PHContentEditingOutput?) -> Void)

    /// Whether the host should ask before discarding the edit. `PHEditingExtensionHost` has nobody to ask: it
    /// cancels when told to, whatever this says.
    var shouldShowCancelConfirmation: Bool { get }

    /// Abandons the edit: stop rendering and clean up. May be called at any time, also during a render.
    func cancelContentEditing()
}
