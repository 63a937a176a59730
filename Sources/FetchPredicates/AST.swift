import Foundation

/// A parsed predicate: the boolean tree produced by ``PredicateParser`` and consumed by ``PredicateCompiler``.
///
/// Codable: a served library's client sends the tree and the service compiles it against its own schema (no SQL
/// crosses); ``PredicateCompiler`` checks every key, operator and the depth of a decoded tree as of a parsed one.
///
/// ```swift
/// let node = try PredicateParser.parse(format: "isFavorite == YES AND NOT (duration > 10)", arguments: [])
/// // .and([
/// //     .comparison(lhs: .key("isFavorite"), op: .equalTo, rhs: .constant(.bool(true)), options: []),
/// //     .not(.comparison(lhs: .key("duration"), op: .greaterThan, rhs: .constant(.integer(10)), options: [])),
/// // ])
/// ```
public indirect enum PredicateNode: Sendable, Equatable, Codable {
    /// `TRUEPREDICATE` (`true`) or `FALSEPREDICATE` (`false`).
    case constant(Bool)
    /// Logical negation: `NOT p` or `!p`.
    case not(PredicateNode)
    /// Logical conjunction of all operands: `a AND b AND c` or `a && b && c`.
    case and([PredicateNode])
    /// Logical disjunction of all operands: `a OR b OR c` or `a || b || c`.
    case or([PredicateNode])
    /// A comparison such as `pixelWidth > 100` or `title BEGINSWITH[c] 'Tr'`.
    case comparison(lhs: PredicateExpression, op: ComparisonOperator, rhs: PredicateExpression, options: StringOptions)
}

/// A value-producing expression on either side of a comparison.
///
/// ```swift
/// // "(mediaSubtypes & 8) == 8"
/// let lhs = PredicateExpression.bitwiseAnd(.key("mediaSubtypes"), .constant(.integer(8)))
/// ```
public indirect enum PredicateExpression: Sendable, Equatable, Codable {
    /// A key path as written in the predicate (`mediaType`, or `SELF` for the evaluated object itself).
    case key(String)
    /// A literal or substituted constant value.
    case constant(PredicateValue)
    /// Bitwise AND: `lhs & rhs`.
    case bitwiseAnd(PredicateExpression, PredicateExpression)
    /// Bitwise OR: `lhs | rhs`.
    case bitwiseOr(PredicateExpression, PredicateExpression)
    /// Addition: `lhs + rhs`.
    case add(PredicateExpression, PredicateExpression)
    /// Subtraction: `lhs - rhs`.
    case subtract(PredicateExpression, PredicateExpression)
    /// Multiplication: `lhs * rhs`.
    case multiply(PredicateExpression, PredicateExpression)
    /// Division: `lhs / rhs`.
    case divide(PredicateExpression, PredicateExpression)
    /// Arithmetic negation of a non-constant expression: `-pixelWidth`.
    case negate(PredicateExpression)
    /// A literal aggregate: `{1, 2, 3}`.
    case aggregate([PredicateExpression])
}

/// A constant value appearing in a predicate, either written in the format string or substituted from an argument.
///
/// ```swift
/// let values: [PredicateValue] = [.null, .bool(true), .integer(3), .string("Trip"), .array([.integer(1), .integer(2)])]
/// ```
public enum PredicateValue: Sendable, Equatable, Codable {
    /// `nil`, `NULL`, `NSNull()` or a `nil` optional argument.
    case null
    /// `YES`/`TRUE`/`NO`/`FALSE`, or a `Bool` argument.
    case bool(Bool)
    /// An integer literal or integer argument.
    case integer(Int64)
    /// A floating-point literal or argument.
    case double(Double)
    /// A quoted string literal or string argument.
    case string(String)
    /// A `Date`/`NSDate` argument.
    case date(Date)
    /// The ``PredicateIdentifiable/predicateIdentifier`` of an object argument (e.g. a `PHAsset`'s local identifier).
    case identifier(String)
    /// A collection argument (`[String]`, `NSArray`, `Set`, …).
    case array([PredicateValue])
}

/// The operator of a ``PredicateNode/comparison(lhs:op:rhs:options:)``, mirroring `NSComparisonPredicate.Operator`.
///
/// ```swift
/// let op: ComparisonOperator = .beginsWith  // "BEGINSWITH"
/// ```
public enum ComparisonOperator: String, Sendable, Equatable, CaseIterable, Codable {
    /// `==` or `=`.
    case equalTo = "=="
    /// `!=` or `<>`.
    case notEqualTo = "!="
    /// `<`.
    case lessThan = "<"
    /// `<=` or `=<`.
    case lessThanOrEqualTo = "<="
    /// `>`.
    case greaterThan = ">"
    /// `>=` or `=>`.
    case greaterThanOrEqualTo = ">="
    /// `IN`: the left value is one of the right collection's elements.
    case `in` = "IN"
    /// `BETWEEN`: the left value lies within the inclusive two-element range on the right.
    case between = "BETWEEN"
    /// `BEGINSWITH`: string prefix test.
    case beginsWith = "BEGINSWITH"
    /// `ENDSWITH`: string suffix test.
    case endsWith = "ENDSWITH"
    /// `CONTAINS`: substring test (or, with a collection on the left, membership).
    case contains = "CONTAINS"
    /// `LIKE`: wildcard match where `*` matches any run of characters and `?` exactly one.
    case like = "LIKE"
    /// `MATCHES`: regular-expression match (parsed, but rejected by ``PredicateCompiler``).
    case matches = "MATCHES"
}

/// String comparison options written in brackets after an operator, such as `[c]`, `[d]` or `[cd]`.
///
/// ```swift
/// let options: StringOptions = [.caseInsensitive, .diacriticInsensitive]  // "[cd]"
/// ```
public struct StringOptions: OptionSet, Sendable, Hashable, Codable {
    /// The raw bit mask.
    public var rawValue: UInt8

    /// Creates options from a raw bit mask.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `[c]`: case-insensitive comparison.
    public static let caseInsensitive = StringOptions(rawValue: 1 << 0)
    /// `[d]`: diacritic-insensitive comparison.
    public static let diacriticInsensitive = StringOptions(rawValue: 1 << 1)
    /// `[n]`: the operands are already normalized; accepted and has no effect on the generated SQL.
    public static let normalized = StringOptions(rawValue: 1 << 2)
}

/// An unambiguous name for ``PredicateExpression``.
///
/// Foundation also declares a `PredicateExpression` (for `#Predicate`), so files that import both
/// Foundation and FetchPredicates must write `FetchPredicates.PredicateExpression` or use this alias.
///
/// ```swift
/// import Foundation
/// import FetchPredicates
///
/// let width: FetchPredicateExpression = .key("pixelWidth")
/// ```
public typealias FetchPredicateExpression = PredicateExpression
