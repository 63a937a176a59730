import Foundation

/// The error domain of item-provider failures (Apple's `NSItemProviderErrorDomain`).
public let NSItemProviderErrorDomain = "NSItemProviderErrorDomain"

extension NSItemProvider {
    /// Codes of `NSItemProviderErrorDomain` errors, with Apple's raw values.
    public enum ErrorCode: Int, Sendable {
        /// An unknown failure.
        case unknownError = -1
        /// No representation of the asked-for type, or its loader produced nothing.
        case itemUnavailableError = -1000
        /// The loaded value was not of the expected class.
        case unexpectedValueClassError = -1100
        /// The representation could not be turned into the asked-for class.
        case unavailableCoercionError = -1200
    }

    /// An `NSItemProviderErrorDomain` error with a message.
    static func error(_ code: ErrorCode, _ message: String) -> NSError {
        NSError(domain: NSItemProviderErrorDomain, code: code.rawValue, userInfo: [NSLocalizedDescriptionKey: message])
    }
}
