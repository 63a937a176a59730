/// Compiles ``PredicateNode`` trees to SQLite `WHERE` expressions over a ``PredicateSchema``.
///
/// Semantics follow `NSPredicate` evaluation, with SQL's NULL mapped to `nil`:
/// - every node is parenthesised; `TRUEPREDICATE`/`FALSEPREDICATE` become `(1)`/`(0)`;
/// - `NOT p` becomes `(NOT COALESCE(p, 0))`, so that a comparison with a NULL column counts as false
///   before negation (`NOT (duration > 10)` matches rows whose duration is NULL, like `NSPredicate`);
/// - `==` becomes `=`; `!=` becomes `IS NOT` (so `title != 'x'` matches a NULL title, like `NSPredicate`);
///   `x == nil` / `x != nil` become `x IS NULL` / `x IS NOT NULL`;
/// - dates bind as REAL seconds since 1970, booleans as INTEGER 0/1, identifiers and strings as TEXT;
/// - text comparisons are case-sensitive (`COLLATE BINARY`) unless `[c]` is given (`COLLATE NOCASE`);
/// - `BEGINSWITH`/`ENDSWITH`/`CONTAINS`/`LIKE` use `GLOB` (case-sensitive) or, with `[c]`,
///   `LIKE ? ESCAPE '\'`; SQLite folds only ASCII letters in `NOCASE` and `LIKE`, so `[c]` is
///   ASCII-case-insensitive. `LIKE` additionally assumes `PRAGMA case_sensitive_like` is off (the default);
/// - `[d]` wraps both operands in ``PredicateSchema/diacriticFoldingFunction`` when the schema names one,
///   and is otherwise accepted but ignored (matching stays diacritic-sensitive);
/// - `IN` with an empty collection is `(0)`; a `nil` element adds `OR x IS NULL`;
///   `BETWEEN` becomes `x BETWEEN ? AND ?` (inclusive); comparisons with the key on the right
///   (`5 < pixelWidth`) are mirrored; `{…} CONTAINS x` is treated as `x IN {…}`;
/// - `MATCHES` is rejected as unsupported.
///
/// Each value in `IN` binds its own placeholder, so very large collections are limited by SQLite's
/// `SQLITE_MAX_VARIABLE_NUMBER` (32766 by default).
public enum PredicateCompiler {
    /// Compiles `node` to SQL using the columns of `schema`.
    ///
    /// ```swift
    /// let node = try PredicateParser.parse(format: "mediaType == %d && !((mediaSubtypes & %d) == %d)", arguments: [1, 8, 8])
    /// let compiled = try PredicateCompiler.compile(node, schema: assetSchema)
    /// // compiled.sql == "((a.media_type = ?) AND (NOT COALESCE(((a.media_subtypes & ?) = ?), 0)))"
    /// // compiled.arguments == [.integer(1), .integer(8), .integer(8)]
    /// ```
    ///
    /// - Throws: ``PredicateError`` of kind `.unsupportedKey` for keys missing from the schema,
    ///   `.unsupportedOperator` for operators that do not apply to a column's kind (or at all), and
    ///   `.badArgument` for values whose type does not match the column they are compared with (or a division
    ///   by a constant zero). Long OR-chains of `key == value` on one key compile to `key IN (…)`; a predicate
    ///   still nested deeper than SQLite can evaluate is refused (`.unsupportedOperator`).
    public static func compile(_ node: PredicateNode, schema: PredicateSchema) throws(PredicateError) -> CompiledPredicate {
        let merged = PredicateSize.mergingEqualities(node)
        try PredicateSize.check(merged)
        let fragment = try Compiler(schema: schema).node(merged)
        return CompiledPredicate(sql: fragment.sql, arguments: fragment.arguments)
    }

    /// Parses `format` with `arguments` and compiles the result; a shorthand for
    /// ``PredicateParser/parse(format:arguments:)`` followed by ``compile(_:schema:)``.
    ///
    /// ```swift
    /// let compiled = try PredicateCompiler.compile(format: "isFavorite == YES", schema: assetSchema)
    /// ```
    public static func compile(format: String, arguments: [Any] = [], schema: PredicateSchema) throws(PredicateError) -> CompiledPredicate {
        try compile(PredicateParser.parse(format: format, arguments: arguments), schema: schema)
    }
}

/// The comparison class of a value: which values can be compared with each other.
enum ValueClass: Sendable, Equatable {
    case numeric, date, text, identifier

    init(_ kind: PredicateColumn.Kind) {
        switch kind {
        case .integer, .real, .boolean: self = .numeric
        case .date: self = .date
        case .text: self = .text
        case .identifier: self = .identifier
        }
    }

    var isTextual: Bool { self == .text || self == .identifier }

    func isComparable(with other: ValueClass) -> Bool {
        self == other || (isTextual && other.isTextual)
    }
}

/// A compiled expression with what is known about its type.
struct Operand {
    var fragment: Fragment
    /// `nil` only for a NULL constant.
    var valueClass: ValueClass?
    /// The key the operand refers to (for messages), if any.
    var key: String?
    /// The column kind, for a bare key.
    var columnKind: PredicateColumn.Kind?
}

/// The stateless worker behind ``PredicateCompiler``.
struct Compiler {
    let schema: PredicateSchema

    // MARK: Nodes

    func node(_ node: PredicateNode) throws(PredicateError) -> Fragment {
        switch node {
        case .constant(let value):
            return Fragment(value ? "(1)" : "(0)")
        case .not(let inner):
            return "(NOT COALESCE(" + (try self.node(inner)) + ", 0))"
        case .and(let nodes):
            return try junction(nodes, "AND", empty: "(1)")
        case .or(let nodes):
            return try junction(nodes, "OR", empty: "(0)")
        case .comparison(let lhs, let op, let rhs, let options):
            return try comparison(lhs, op, rhs, options)
        }
    }

    func junction(_ nodes: [PredicateNode], _ word: String, empty: String) throws(PredicateError) -> Fragment {
        if nodes.isEmpty { return Fragment(empty) }
        if nodes.count == 1 { return try node(nodes[0]) }
        var parts: [Fragment] = []
        for child in nodes { parts.append(try node(child)) }
        return "(" + Fragment.join(parts, separator: " \(word) ") + ")"
    }

    // MARK: Comparisons

    func comparison(
        _ lhs: PredicateExpression, _ op: ComparisonOperator, _ rhs: PredicateExpression, _ options: StringOptions
    ) throws(PredicateError) -> Fragment {
        var (lhs, op, rhs) = (lhs, op, rhs)
        if op == .contains, lhs.isCollection {
            (lhs, op, rhs) = (rhs, .in, lhs)
        } else if !lhs.containsKey, rhs.containsKey, !rhs.isCollection {
            switch op {
            case .equalTo, .notEqualTo: (lhs, rhs) = (rhs, lhs)
            case .lessThan: (lhs, op, rhs) = (rhs, .greaterThan, lhs)
            case .lessThanOrEqualTo: (lhs, op, rhs) = (rhs, .greaterThanOrEqualTo, lhs)
            case .greaterThan: (lhs, op, rhs) = (rhs, .lessThan, lhs)
            case .greaterThanOrEqualTo: (lhs, op, rhs) = (rhs, .lessThanOrEqualTo, lhs)
            default:
                throw unsupported("'\(op.rawValue)' requires the key on its left-hand side, as in \"\(rhs.firstKey ?? "key") \(op.rawValue) value\"", token: op.rawValue)
            }
        }
        if op == .matches {
            throw unsupported("'MATCHES' (regular-expression matching) is not supported in \(schema.entityName) fetch predicates", token: op.rawValue)
        }
        if lhs == .constant(.null), rhs != .constant(.null), op == .equalTo || op == .notEqualTo {
            (lhs, rhs) = (rhs, lhs)
        }
        if rhs == .constant(.null) {
            guard op == .equalTo || op == .notEqualTo else {
                let subject = lhs.firstKey.map { "key '\($0)'" } ?? "'\(op.rawValue)'"
                throw badArgument("nil can only be compared with == or !=, not \(op.rawValue) (\(subject))", token: lhs.firstKey ?? op.rawValue)
            }
            let left = try operand(lhs, context: nil)
            return "(" + left.fragment + (op == .equalTo ? " IS NULL)" : " IS NOT NULL)")
        }

        let left = try operand(lhs, context: nil)
        switch op {
        case .equalTo, .notEqualTo, .lessThan, .lessThanOrEqualTo, .greaterThan, .greaterThanOrEqualTo:
            let right = try operand(rhs, context: left)
            try checkComparable(left, right, op)
            return scalarComparison(left, op, right, options)
        case .in:
            return try membership(left, rhs, options)
        case .between:
            return try range(left, rhs, options)
        case .beginsWith, .endsWith, .contains, .like, .matches:
            return try stringMatch(left, op, rhs, options)
        }
    }

    /// Collation and diacritic folding for textual comparisons.
    func textual(_ left: Operand, _ options: StringOptions) -> (fold: String?, collation: String) {
        guard let valueClass = left.valueClass, valueClass.isTextual else { return (nil, "") }
        let fold = options.contains(.diacriticInsensitive) ? schema.diacriticFoldingFunction : nil
        if options.contains(.caseInsensitive) { return (fold, " COLLATE NOCASE") }
        return (fold, valueClass == .text ? " COLLATE BINARY" : "")
    }

    func folded(_ fragment: Fragment, _ fold: String?) -> Fragment {
        guard let fold else { return fragment }
        return "\(fold)(" + fragment + ")"
    }

    func scalarComparison(
        _ left: Operand, _ op: ComparisonOperator, _ right: Operand, _ options: StringOptions
    ) -> Fragment {
        let sqlOperator = switch op {
        case .equalTo: "="
        case .notEqualTo: "IS NOT"
        case .lessThan: "<"
        case .lessThanOrEqualTo: "<="
        case .greaterThan: ">"
        default: ">="
        }
        let (fold, collation) = textual(left.valueClass == nil ? right : left, options)
        return "(" + folded(left.fragment, fold) + " \(sqlOperator) " + folded(right.fragment, fold) + collation + ")"
    }

    func elements(of rhs: PredicateExpression, for op: ComparisonOperator, left: Operand) throws(PredicateError) -> [PredicateExpression] {
        switch rhs {
        case .aggregate(let items):
            return items
        case .constant(.array(let values)):
            return values.map(PredicateExpression.constant)
        case .constant(let value):
            let shape = op == .between ? "a two-element range such as {lower, upper}" : "a collection (array, set or {…})"
            throw badArgument("\(op.rawValue) on \(subject(left, op)) expects \(shape) on its right-hand side, got \(describe(value))", token: left.key ?? op.rawValue)
        default:
            let found = rhs.firstKey.map { "key '\($0)'" } ?? "an expression"
            throw unsupported("\(op.rawValue) on \(subject(left, op)) requires a collection constant or argument on its right-hand side, not \(found)", token: rhs.firstKey ?? op.rawValue)
        }
    }

    func membership(_ left: Operand, _ rhs: PredicateExpression, _ options: StringOptions) throws(PredicateError) -> Fragment {
        let (fold, collation) = textual(left, options)
        var hasNull = false
        var values: [Fragment] = []
        for item in try elements(of: rhs, for: .in, left: left) {
            if item == .constant(.null) {
                hasNull = true
                continue
            }
            let value = try operand(item, context: left)
            try checkComparable(left, value, .in)
            values.append(folded(value.fragment, fold))
        }
        let isNull = "(" + left.fragment + " IS NULL)"
        if values.isEmpty { return hasNull ? isNull : Fragment("(0)") }
        let inList = "(" + folded(left.fragment, fold) + collation + " IN (" + Fragment.join(values, separator: ", ") + "))"
        return hasNull ? "(" + inList + " OR " + isNull + ")" : inList
    }

    func range(_ left: Operand, _ rhs: PredicateExpression, _ options: StringOptions) throws(PredicateError) -> Fragment {
        let bounds = try elements(of: rhs, for: .between, left: left)
        guard bounds.count == 2 else {
            throw badArgument("BETWEEN on \(subject(left, .between)) expects a two-element range such as {lower, upper}, got \(bounds.count) element(s)", token: left.key ?? "BETWEEN")
        }
        let (fold, collation) = textual(left, options)
        var compiled: [Fragment] = []
        for bound in bounds {
            if bound == .constant(.null) {
                throw badArgument("BETWEEN bounds for \(subject(left, .between)) cannot be nil", token: left.key ?? "BETWEEN")
            }
            let value = try operand(bound, context: left)
            try checkComparable(left, value, .between)
            compiled.append(folded(value.fragment, fold))
        }
        return "(" + folded(left.fragment, fold) + collation + " BETWEEN " + compiled[0] + " AND " + compiled[1] + ")"
    }

    func stringMatch(
        _ left: Operand, _ op: ComparisonOperator, _ rhs: PredicateExpression, _ options: StringOptions
    ) throws(PredicateError) -> Fragment {
        guard let valueClass = left.valueClass, valueClass.isTextual else {
            if let key = left.key {
                throw unsupported("\(op.rawValue) is not supported for key '\(key)' of \(schema.entityName), which holds \(kindName(left)) values", token: key)
            }
            throw badArgument("'\(op.rawValue)' expects a string on its left-hand side", token: op.rawValue)
        }
        guard case .constant(let value) = rhs else {
            let found = rhs.firstKey.map { "key '\($0)'" } ?? "an expression"
            throw unsupported("\(op.rawValue) on \(subject(left, op)) requires a constant string on its right-hand side, not \(found)", token: rhs.firstKey ?? op.rawValue)
        }
        let text: String
        switch value {
        case .string(let s): text = s
        case .identifier(let s) where valueClass == .identifier: text = s
        default:
            throw badArgument("\(op.rawValue) on key '\(left.key ?? "?")' of \(schema.entityName) expects a string, got \(describe(value))", token: left.key ?? op.rawValue)
        }
        let fold = options.contains(.diacriticInsensitive) ? schema.diacriticFoldingFunction : nil
        let subject = folded(left.fragment, fold)
        if options.contains(.caseInsensitive) {
            let pattern = folded(.placeholder(.text(StringPattern.like(for: op, text))), fold)
            return "(" + subject + " LIKE " + pattern + " ESCAPE '\\')"
        }
        let pattern = folded(.placeholder(.text(StringPattern.glob(for: op, text))), fold)
        return "(" + subject + " GLOB " + pattern + ")"
    }
}
