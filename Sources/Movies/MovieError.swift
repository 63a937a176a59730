/// Why a movie could not be read or written, in words that name the file and the problem.
public struct MovieError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: Sendable {
        /// The file cannot be opened or its structure read (missing, damaged, not a movie).
        case unreadable
        /// There is no track of the kind asked for.
        case noSuchTrack
        /// Frames are larger than the limit, or a requested size is.
        case tooLarge
        /// FFmpeg cannot decode or encode the media.
        case codec
        /// The output could not be written.
        case unwritable
        /// The caller cancelled the work.
        case cancelled
    }

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
