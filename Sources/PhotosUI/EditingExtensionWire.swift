import Foundation
import PhotoLibrary

/// The contract between a host and an editing extension's executable (both sides are this module).
///
/// The host runs the executable, sandboxed, with one of:
/// - `manifest`: print the Info.plist (XML) on standard output;
/// - `can-handle FILE`: FILE holds adjustment data (a binary property list, `AdjustmentPayload.encoded()`);
///   print `yes` or `no`;
/// - `edit FILE`: FILE is an `EditingExtensionRequest` (property list). The extension renders into the
///   request's output directory and writes `result.plist` there last (an `EditingExtensionResult`).
///
/// Exit status: 0 success; `invalidParameter` (2), `noOutput` (3), `failure` (4), `usage` (64);
/// SIGTERM is a cancellation: the extension calls `cancelContentEditing()`, empties its output directory and
/// exits with `cancelled` (143).
enum EditingExtensionWire {
    static let manifestCommand = "manifest"
    static let canHandleCommand = "can-handle"
    static let editCommand = "edit"
    static let resultFileName = "result.plist"

    enum ExitStatus {
        static let invalidParameter: Int32 = 2
        static let noOutput: Int32 = 3
        static let failure: Int32 = 4
        static let usage: Int32 = 64
        static let cancelled: Int32 = 143
    }
}

/// What a host asks an extension to do: edit this input with these parameter values, writing into
/// `outputDirectory`.
struct EditingExtensionRequest: Codable, Sendable {
    var input: PHContentEditingInputDescription
    /// Host-set parameters, by name, unparsed (the extension's glue validates them against its declarations).
    var parameters: [String: String]
    var outputDirectory: String
}

/// What an extension reports after a successful edit.
struct EditingExtensionResult: Codable, Sendable {
    /// The rendered file's name inside the output directory (never a path).
    var renderedFileName: String
    var adjustmentData: AdjustmentPayload?
    /// A Live Photo edit's rendered movie, beside the still (absent otherwise).
    var renderedPairedVideoFileName: String?
}
