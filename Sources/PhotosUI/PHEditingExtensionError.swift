import Foundation

/// Why an editing extension could not be installed, found, run or committed (Linux addition). In every case
/// the library is left exactly as it was and the extension's working files are gone.
public enum PHEditingExtensionError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// No installed extension has this identifier or display name.
    case notFound(String)
    /// The manifest (Info.plist) is missing, unreadable or lacks a required key; the text says which.
    case invalidManifest(String)
    /// The extension does not declare the asset's media type in `PHSupportedMediaTypes`.
    case unsupportedMediaType(extension: String, mediaType: String)
    /// A parameter name is unknown or its value is not acceptable.
    case invalidParameter(String)
    /// The extension process ended on a signal (a crash, or killed from outside).
    case crashed(extension: String, signal: Int32, message: String)
    /// The extension ran past the host's deadline and was stopped.
    case timedOut(extension: String, seconds: Double)
    /// The host cancelled the edit.
    case cancelled(extension: String)
    /// The extension exited with a failure status.
    case failed(extension: String, status: Int32, message: String)
    /// The extension finished without producing an edit (its completion handler got nil).
    case noOutput(extension: String)
    /// The extension's output is not a usable edit (missing or non-regular file, no adjustment data, …).
    case invalidOutput(extension: String, reason: String)
    /// The extension could not be started (sandbox unavailable, executable missing, …).
    case launchFailed(extension: String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let name): "No editing extension named \(name) is installed (see `photos extensions`)"
        case .invalidManifest(let why): "Invalid editing extension manifest: \(why)"
        case .unsupportedMediaType(let name, let type): "Extension \(name) does not edit \(type) assets"
        case .invalidParameter(let why): "Invalid parameter \(why)"
        case .crashed(let name, let signal, let message):
            "Extension \(name) crashed (signal \(signal))\(message.isEmpty ? "" : ": \(message)"); nothing was changed"
        case .timedOut(let name, let seconds):
            "Extension \(name) did not finish within \(seconds.formatted(.number.grouping(.never))) s and was stopped; nothing was changed"
        case .cancelled(let name): "Editing with \(name) was cancelled; nothing was changed"
        case .failed(let name, let status, let message):
            "Extension \(name) failed (exit status \(status))\(message.isEmpty ? "" : ": \(message)"); nothing was changed"
        case .noOutput(let name): "Extension \(name) finished without an edit; nothing was changed"
        case .invalidOutput(let name, let reason): "Extension \(name) produced an unusable edit: \(reason); nothing was changed"
        case .launchFailed(let name, let reason): "Extension \(name) could not be started: \(reason)"
        }
    }

    public var errorDescription: String? { description }
}
