import Foundation

/// Why a file could not be inspected.
public struct MediaInspectionError: Error, CustomStringConvertible, Sendable {
    /// The kind of failure.
    public enum Code: String, Sendable {
        /// The file could not be opened or read.
        case unreadable
        /// The file has zero bytes.
        case empty
        /// The file ends before its data does.
        case truncated
        /// The bytes are not a known image, video or audio format.
        case notMedia
        /// The format is recognised but not supported (e.g. a RAW LibRaw cannot open).
        case unsupportedFormat
        /// The file is structurally invalid.
        case corrupt
        /// The header claims more pixels than `InspectionOptions.maximumPixelCount`.
        case tooLarge
        /// A movie container with neither a video nor an audio track.
        case noVideoTrack
    }

    /// The kind of failure.
    public var code: Code
    /// The file path, if inspecting a file (or the caller-supplied filename).
    public var path: String?
    /// A plain-words explanation.
    public var message: String

    /// Creates an error.
    public init(code: Code, path: String?, message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    /// "<file>: <problem>".
    public var description: String {
        let file = path.map { ($0 as NSString).lastPathComponent } ?? "<data>"
        return "\(file): \(message)"
    }
}
