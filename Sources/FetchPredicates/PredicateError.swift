/// An error raised while parsing a predicate format string or compiling a predicate to SQL.
///
/// The ``message`` is meant for people: it always names the offending key or
/// token (also available as ``token``) and, for format-string problems, its
/// zero-based character position.
///
/// ```swift
/// do {
///     _ = try PredicateParser.parse(format: "mediaType == == 1", arguments: [])
/// } catch {
///     print(error.kind)     // .syntax
///     print(error.token)    // Optional("==")
///     print(error.message)  // Unable to parse the format string "mediaType == == 1" at '==' (position 13): …
/// }
/// ```
public struct PredicateError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The broad category of a ``PredicateError``.
    public enum Kind: Sendable, Equatable {
        /// The format string is malformed (unbalanced parentheses, unknown token, dangling operator, …).
        case syntax
        /// The predicate refers to a key that the entity's ``PredicateSchema`` does not support.
        case unsupportedKey
        /// The operator is not supported at all, or not for the kind of column it is applied to.
        case unsupportedOperator
        /// An argument or constant has the wrong type or shape, or an argument is missing.
        case badArgument
    }

    /// The category of the error.
    public var kind: Kind
    /// A human-readable description that names the offending key or token.
    public var message: String
    /// The offending key or token, when there is one.
    public var token: String?
    /// Zero-based character offset of ``token`` in the format string, for errors raised while parsing.
    public var position: Int?

    /// Creates an error of the given kind.
    ///
    /// ```swift
    /// let error = PredicateError(kind: .unsupportedKey, message: "Unsupported key 'foo'", token: "foo")
    /// ```
    public init(kind: Kind, message: String, token: String? = nil, position: Int? = nil) {
        self.kind = kind
        self.message = message
        self.token = token
        self.position = position
    }

    /// The error ``message``.
    public var description: String { message }
}

extension PredicateError {
    /// A syntax error located at `token` in `format`.
    static func syntax(_ format: String, at token: Token, _ reason: String) -> PredicateError {
        PredicateError(
            kind: .syntax,
            message: "Unable to parse the format string \"\(format)\" at \(token.displayText) (position \(token.position)): \(reason)",
            token: token.errorToken,
            position: token.position
        )
    }

    /// A bad-argument error located at `token` in `format`.
    static func badArgument(_ format: String, at token: Token, _ reason: String) -> PredicateError {
        PredicateError(
            kind: .badArgument,
            message: "Bad argument in the format string \"\(format)\" at \(token.displayText) (position \(token.position)): \(reason)",
            token: token.errorToken,
            position: token.position
        )
    }

    /// An unsupported-operator error located at `token` in `format`.
    static func unsupportedOperator(_ format: String, at token: Token, _ reason: String) -> PredicateError {
        PredicateError(
            kind: .unsupportedOperator,
            message: "Unsupported operator in the format string \"\(format)\" at \(token.displayText) (position \(token.position)): \(reason)",
            token: token.errorToken,
            position: token.position
        )
    }
}

/// An unambiguous name for ``PredicateError``.
///
/// Foundation also declares a `PredicateError` (for `#Predicate`), so files that import both Foundation
/// and FetchPredicates must write `FetchPredicates.PredicateError` or use this alias.
///
/// ```swift
/// import Foundation
/// import FetchPredicates
///
/// func describe(_ error: FetchPredicateError) -> String { error.message }
/// ```
public typealias FetchPredicateError = PredicateError
