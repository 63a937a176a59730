/// A SQL column expression that a predicate key maps to, with the kind of value it stores.
///
/// ```swift
/// let favorite = PredicateColumn("a.is_favorite", .boolean)
/// ```
public struct PredicateColumn: Sendable, Equatable {
    /// How a column stores its values, which decides how constants are converted and which operators apply.
    public enum Kind: Sendable {
        /// INTEGER; numeric comparisons, `IN`, `BETWEEN`, bitwise and arithmetic operators.
        case integer
        /// REAL; numeric comparisons, `IN`, `BETWEEN`, arithmetic operators.
        case real
        /// INTEGER 0/1; compared with `YES`/`NO`/`TRUE`/`FALSE` or numbers.
        case boolean
        /// REAL seconds since 1970 (`Date.timeIntervalSince1970`); compared with `Date`/`NSDate` arguments.
        case date
        /// TEXT; all comparisons plus the string operators. Case-sensitive unless `[c]` is given.
        case text
        /// TEXT holding local identifiers ("UUID/L0/001"); accepts strings and ``PredicateIdentifiable`` objects.
        case identifier
    }

    /// The SQL column expression, e.g. `"a.is_favorite"`; inserted verbatim into the generated SQL.
    public var sql: String
    /// The kind of values stored in the column.
    public var kind: Kind

    /// Creates a column mapping.
    ///
    /// ```swift
    /// let width = PredicateColumn("a.pixel_width", .integer)
    /// ```
    public init(_ sql: String, _ kind: Kind) {
        self.sql = sql
        self.kind = kind
    }
}

/// The keys an entity supports in fetch predicates and the SQL columns they map to.
///
/// ```swift
/// let schema = PredicateSchema(entityName: "PHAsset", columns: [
///     "SELF": PredicateColumn("a.local_identifier", .identifier),
///     "localIdentifier": PredicateColumn("a.local_identifier", .identifier),
///     "isFavorite": PredicateColumn("a.is_favorite", .boolean),
///     "favorite": PredicateColumn("a.is_favorite", .boolean),
/// ])
/// ```
public struct PredicateSchema: Sendable, Equatable {
    /// The entity name used in error messages, e.g. `"PHAsset"`.
    public var entityName: String
    /// Column mappings keyed by the key as written in predicates, including aliases; `"SELF"` maps to the
    /// identifier column.
    public var columns: [String: PredicateColumn]
    /// The name of an SQL function `f(text) -> text` that removes diacritics (and may fold case), used to
    /// implement the `[d]` option; when `nil`, `[d]` is accepted but matching stays diacritic-sensitive.
    ///
    /// SQLite has no built-in diacritic folding: register a function (for example with
    /// `sqlite3_create_function_v2`, using `String.folding(options: .diacriticInsensitive, locale: nil)`)
    /// and name it here.
    public var diacriticFoldingFunction: String?

    /// Creates a schema.
    ///
    /// ```swift
    /// let schema = PredicateSchema(entityName: "PHAsset", columns: ["mediaType": PredicateColumn("a.media_type", .integer)])
    /// ```
    public init(entityName: String, columns: [String: PredicateColumn], diacriticFoldingFunction: String? = nil) {
        self.entityName = entityName
        self.columns = columns
        self.diacriticFoldingFunction = diacriticFoldingFunction
    }

    /// Returns the column for `key`.
    ///
    /// ```swift
    /// let column = try schema.column(for: "isFavorite")  // a.is_favorite, .boolean
    /// ```
    ///
    /// - Throws: ``PredicateError`` of kind `.unsupportedKey` naming the key and the entity.
    public func column(for key: String) throws(PredicateError) -> PredicateColumn {
        if let column = columns[key] { return column }
        let supported = columns.keys.sorted().joined(separator: ", ")
        throw PredicateError(
            kind: .unsupportedKey,
            message: "Unsupported key '\(key)' in a \(entityName) fetch predicate; supported keys: \(supported)",
            token: key
        )
    }
}
