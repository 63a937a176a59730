/// Why an image could not be read or written. The one error type of the image I/O core.
///
/// `message` names the problem in plain words (it is what `photos image info` prints); `code` is for programs.
public struct ImageIOError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: String, Sendable, Hashable {
        /// The data is empty.
        case empty
        /// The first bytes match no format a codec here reads.
        case unknownFormat
        /// The data ends before the image does.
        case truncated
        /// The file is structurally invalid.
        case corrupt
        /// The header claims more pixels than the configured limit; nothing was allocated.
        case tooLarge
        /// A valid file uses a feature (or the format) this build cannot read or write.
        case unsupported
        /// An index past the last image, or another caller error.
        case invalidArgument
        /// Encoding failed.
        case encodingFailed
        /// A file could not be read or written.
        case io
    }

    /// The kind of failure.
    public var code: Code
    /// A plain-words explanation naming the problem.
    public var message: String
    /// The format involved, when known.
    public var format: ImageFormat?

    /// Creates an error.
    public init(_ code: Code, _ message: String, format: ImageFormat? = nil) {
        self.code = code
        self.message = message
        self.format = format
    }

    /// "<format>: <message>".
    public var description: String {
        guard let format else { return message }
        return "\(format.rawValue.uppercased()): \(message)"
    }
}
