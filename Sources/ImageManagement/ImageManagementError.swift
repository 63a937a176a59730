import Foundation
import PhotoLibrary

/// The one error type of the image-management core: a code, a message naming the problem, and an optional cause.
///
/// The `Photos` façade maps each code to a `PHPhotosError` code (or Cocoa's file errors for file writes).
public struct ImageManagementError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, in categories a caller can act on.
    public enum Code: String, Sendable {
        /// The asset (or resource) no longer exists in the library.
        case notFound
        /// The asset has no resource that can provide the requested image or data (e.g. a video for an image request).
        case missingResource
        /// A stored file cannot be read, or is not an image the codecs accept (the message says which file and why).
        case unreadable
        /// Encoding or writing an image failed.
        case encodingFailed
        /// A destination file already exists.
        case fileExists
        /// A file-system operation failed.
        case io
        /// The request was cancelled.
        case cancelled
        /// The request is not supported for this asset or with these options.
        case unsupported
    }

    /// The category.
    public var code: Code
    /// A sentence naming the problem (and the file or identifier involved).
    public var message: String
    /// The underlying error, when one caused this.
    public var underlying: (any Error & Sendable)?

    /// Makes an error.
    public init(_ code: Code, _ message: String, underlying: (any Error & Sendable)? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

    public var description: String {
        if let underlying { return "\(message) (\(underlying))" }
        return message
    }

    /// The error for a library failure while looking something up.
    static func library(_ error: LibraryError, _ context: String) -> ImageManagementError {
        let code: Code
        switch error.code {
        case .identifierNotFound: code = .notFound
        // A stored file that cannot be used (a served library's missing, truncated or altered download) reads as
        // a directory's unreadable file does.
        case .invalidResource: code = .unreadable
        case .missingResource: code = .missingResource
        case .cancelled: code = .cancelled
        default: code = .io
        }
        return ImageManagementError(code, "\(context): \(error.message)", underlying: error)
    }

    /// The error for a failed POSIX call, naming the path.
    static func posix(_ context: String, code: Code = .io) -> ImageManagementError {
        let err = errno
        if err == EEXIST { return ImageManagementError(.fileExists, "\(context): the file already exists") }
        if err == ENOSPC || err == EDQUOT { return ImageManagementError(code, "\(context): the disk is full") }
        return ImageManagementError(code, "\(context): \(String(cString: strerror(err)))")
    }
}
