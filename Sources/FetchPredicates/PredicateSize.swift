/// Keeping compiled predicates within what SQLite can run: long OR-chains of equalities on one key become one
/// `IN (…)`, and anything still nested deeper than SQLite's expression depth limit is refused before any SQL is
/// built (SQLite would otherwise fail with its whole statement in the message).
enum PredicateSize {
    /// SQLite's default `SQLITE_MAX_EXPR_DEPTH` is 1000; the fetch wraps the predicate in a few more levels.
    static let maximumDepth = 900

    /// `node` with every OR of two or more `key == constant` terms on the same key (no options) merged into
    /// `key IN {constants}`, which SQLite evaluates as one expression.
    static func mergingEqualities(_ node: PredicateNode) -> PredicateNode {
        switch node {
        case .constant, .comparison:
            return node
        case .not(let inner):
            return .not(mergingEqualities(inner))
        case .and(let nodes):
            return .and(nodes.map(mergingEqualities))
        case .or(let nodes):
            var groups: [String: [PredicateValue]] = [:]
            var order: [String] = []
            var others: [PredicateNode] = []
            for child in nodes.map(mergingEqualities) {
                if case .comparison(.key(let key), .equalTo, .constant(let value), let options) = child, options.isEmpty, value.isSingleNonNull {
                    if groups[key] == nil { order.append(key) }
                    groups[key, default: []].append(value)
                } else {
                    others.append(child)
                }
            }
            let merged = order.map { key -> PredicateNode in
                let values = groups[key]!
                guard values.count > 1 else { return .comparison(lhs: .key(key), op: .equalTo, rhs: .constant(values[0]), options: []) }
                return .comparison(lhs: .key(key), op: .in, rhs: .constant(.array(values)), options: [])
            }
            let all = merged + others
            return all.count == 1 ? all[0] : .or(all)
        }
    }

    /// How deep SQLite's expression tree for `node` will be (a chain of n terms joined by AND/OR is n - 1 deep).
    static func depth(_ node: PredicateNode) -> Int {
        switch node {
        case .constant: 1
        case .not(let inner): 2 + depth(inner)
        case .and(let nodes), .or(let nodes): max(nodes.count - 1, 0) + (nodes.map(depth).max() ?? 1)
        case .comparison(let lhs, _, let rhs, _): 1 + max(depth(lhs), depth(rhs))
        }
    }

    static func depth(_ expression: PredicateExpression) -> Int {
        switch expression {
        case .key, .constant: 1
        case .bitwiseAnd(let a, let b), .bitwiseOr(let a, let b), .add(let a, let b), .subtract(let a, let b),
             .multiply(let a, let b), .divide(let a, let b):
            1 + max(depth(a), depth(b))
        case .negate(let a): 1 + depth(a)
        case .aggregate(let items): 1 + (items.map(depth).max() ?? 0)
        }
    }

    /// Throws when `node` is too deep for SQLite.
    static func check(_ node: PredicateNode) throws(PredicateError) {
        let depth = depth(node)
        guard depth > maximumDepth else { return }
        throw PredicateError(kind: .unsupportedOperator,
                             message: "The predicate is too large: its terms nest about \(depth) levels deep, more than the \(maximumDepth) "
                                 + "SQLite can evaluate; combine values of one key with IN {…} or split the fetch")
    }
}

extension PredicateValue {
    /// A single value other than nil (what `key == value` may be merged into an IN list with).
    var isSingleNonNull: Bool {
        switch self {
        case .null, .array: false
        default: true
        }
    }
}
