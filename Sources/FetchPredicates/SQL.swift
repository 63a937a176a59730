/// A value bound to a `?` placeholder of a ``CompiledPredicate``.
///
/// ```swift
/// let values: [SQLValue] = [.integer(1), .real(1_700_000_000), .text("Trip"), .null]
/// ```
public enum SQLValue: Sendable, Equatable {
    /// SQL NULL.
    case null
    /// A 64-bit INTEGER (also used for booleans, as 0/1).
    case integer(Int64)
    /// A REAL (also used for dates, as seconds since 1970).
    case real(Double)
    /// A TEXT value.
    case text(String)
}

/// A SQL boolean expression with `?` placeholders, ready for a `WHERE` clause, and its bound arguments.
///
/// ```swift
/// let compiled = try PredicateCompiler.compile(node, schema: schema)
/// let query = "SELECT a.local_identifier FROM assets AS a WHERE \(compiled.sql)"
/// // bind compiled.arguments[i] to placeholder i + 1
/// ```
public struct CompiledPredicate: Sendable, Equatable {
    /// The fully parenthesised SQL expression, e.g. `((a.media_type = ?) AND (a.is_favorite = ?))`.
    public var sql: String
    /// The values for the `?` placeholders in ``sql``, in order.
    public var arguments: [SQLValue]

    /// Creates a compiled predicate.
    ///
    /// ```swift
    /// let always = CompiledPredicate(sql: "(1)", arguments: [])
    /// ```
    public init(sql: String, arguments: [SQLValue]) {
        self.sql = sql
        self.arguments = arguments
    }
}

/// A piece of SQL together with the arguments of its placeholders, composed left to right.
struct Fragment: Sendable, Equatable {
    var sql: String
    var arguments: [SQLValue] = []

    init(_ sql: String, _ arguments: [SQLValue] = []) {
        self.sql = sql
        self.arguments = arguments
    }

    /// A single `?` placeholder bound to `value`.
    static func placeholder(_ value: SQLValue) -> Fragment { Fragment("?", [value]) }

    /// Concatenates fragments (and plain strings) in order.
    static func + (lhs: Fragment, rhs: Fragment) -> Fragment {
        Fragment(lhs.sql + rhs.sql, lhs.arguments + rhs.arguments)
    }

    static func + (lhs: Fragment, rhs: String) -> Fragment {
        Fragment(lhs.sql + rhs, lhs.arguments)
    }

    static func + (lhs: String, rhs: Fragment) -> Fragment {
        Fragment(lhs + rhs.sql, rhs.arguments)
    }

    /// Joins fragments with a separator.
    static func join(_ parts: [Fragment], separator: String) -> Fragment {
        var result = Fragment("")
        for (i, part) in parts.enumerated() {
            if i > 0 { result = result + separator }
            result = result + part
        }
        return result
    }
}
