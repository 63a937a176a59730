/// Expression compilation, constant conversion and error messages for ``Compiler``.
extension Compiler {
    // MARK: Expressions

    /// Compiles an expression; constants are converted to the type of `context` (the other operand).
    func operand(_ expression: PredicateExpression, context: Operand?) throws(PredicateError) -> Operand {
        switch expression {
        case .key(let key):
            let column = try schema.column(for: key)
            return Operand(fragment: Fragment(column.sql), valueClass: ValueClass(column.kind), key: key, columnKind: column.kind)
        case .constant(let value):
            return try constant(value, context: context)
        case .bitwiseAnd(let a, let b):
            return try arithmetic("&", a, b, bitwise: true)
        case .bitwiseOr(let a, let b):
            return try arithmetic("|", a, b, bitwise: true)
        case .add(let a, let b):
            return try arithmetic("+", a, b, bitwise: false)
        case .subtract(let a, let b):
            return try arithmetic("-", a, b, bitwise: false)
        case .multiply(let a, let b):
            return try arithmetic("*", a, b, bitwise: false)
        case .divide(let a, let b):
            if case .constant(let divisor) = b, divisor.isZero {
                throw badArgument("division by zero: the divisor of '/' after \(a.firstKey.map { "key '\($0)'" } ?? "a value") is 0", token: a.firstKey ?? "/")
            }
            return try arithmetic("/", a, b, bitwise: false)
        case .negate(let a):
            let value = try numericOperand(a, symbol: "-", bitwise: false)
            return Operand(fragment: "(-" + value.fragment + ")", valueClass: .numeric, key: value.key)
        case .aggregate:
            let location = context?.key.map { "compared with key '\($0)'" } ?? "at '{'"
            throw badArgument("a collection {…} \(location) is only allowed on the right-hand side of IN or BETWEEN", token: context?.key ?? "{")
        }
    }

    func arithmetic(
        _ symbol: String, _ a: PredicateExpression, _ b: PredicateExpression, bitwise: Bool
    ) throws(PredicateError) -> Operand {
        let left = try numericOperand(a, symbol: symbol, bitwise: bitwise)
        let right = try numericOperand(b, symbol: symbol, bitwise: bitwise)
        let fragment = "(" + left.fragment + " \(symbol) " + right.fragment + ")"
        return Operand(fragment: fragment, valueClass: .numeric, key: left.key ?? right.key)
    }

    func numericOperand(_ expression: PredicateExpression, symbol: String, bitwise: Bool) throws(PredicateError) -> Operand {
        if case .constant(let value) = expression {
            let sqlValue: SQLValue
            switch value {
            case .integer(let i): sqlValue = .integer(i)
            case .bool(let b): sqlValue = .integer(b ? 1 : 0)
            case .double(let d) where !bitwise: sqlValue = .real(d)
            default:
                let expected = bitwise ? "an integer" : "a number"
                throw badArgument("operator '\(symbol)' expects \(expected), got \(describe(value))", token: expression.firstKey ?? symbol)
            }
            return Operand(fragment: .placeholder(sqlValue), valueClass: .numeric)
        }
        let value = try operand(expression, context: nil)
        if let kind = value.columnKind {
            let allowed: [PredicateColumn.Kind] = bitwise ? [.integer, .boolean] : [.integer, .real, .boolean]
            guard allowed.contains(kind) else {
                throw unsupported("operator '\(symbol)' is not supported for key '\(value.key ?? "?")' of \(schema.entityName), which holds \(kindName(value)) values", token: value.key)
            }
        }
        return value
    }

    func constant(_ value: PredicateValue, context: Operand?) throws(PredicateError) -> Operand {
        func make(_ sqlValue: SQLValue, _ valueClass: ValueClass) -> Operand {
            Operand(fragment: .placeholder(sqlValue), valueClass: valueClass)
        }
        if case .null = value { return Operand(fragment: Fragment("NULL"), valueClass: nil) }
        if case .array(let items) = value {
            let subject = context?.key.map { "key '\($0)' of \(schema.entityName)" } ?? "'%@'"
            throw badArgument("\(subject) expects a single value, got a collection of \(items.count) value(s)", token: context?.key ?? "%@")
        }
        guard let context, let expected = context.valueClass else {
            switch value {
            case .bool(let b): return make(.integer(b ? 1 : 0), .numeric)
            case .integer(let i): return make(.integer(i), .numeric)
            case .double(let d): return make(.real(d), .numeric)
            case .string(let s): return make(.text(s), .text)
            case .identifier(let s): return make(.text(s), .identifier)
            case .date(let d): return make(.real(d.timeIntervalSince1970), .date)
            case .null, .array: preconditionFailure("handled above")
            }
        }
        switch (expected, value) {
        case (.numeric, .bool(let b)): return make(.integer(b ? 1 : 0), .numeric)
        case (.numeric, .integer(let i)): return make(.integer(i), .numeric)
        case (.numeric, .double(let d)): return make(.real(d), .numeric)
        case (.date, .date(let d)): return make(.real(d.timeIntervalSince1970), .date)
        case (.text, .string(let s)): return make(.text(s), .text)
        case (.identifier, .string(let s)), (.identifier, .identifier(let s)): return make(.text(s), .identifier)
        default:
            let subject = context.key.map { "key '\($0)' of \(schema.entityName), which holds \(kindName(context)) values," } ?? "a \(kindName(context)) value"
            throw badArgument("Cannot compare \(subject) with \(describe(value))", token: context.key)
        }
    }

    func checkComparable(_ left: Operand, _ right: Operand, _ op: ComparisonOperator) throws(PredicateError) {
        guard let l = left.valueClass, let r = right.valueClass, !l.isComparable(with: r) else { return }
        let lhs = left.key.map { "key '\($0)' (\(kindName(left)))" } ?? "a \(kindName(left)) value"
        let rhs = right.key.map { "key '\($0)' (\(kindName(right)))" } ?? "a \(kindName(right)) value"
        throw badArgument("Cannot compare \(lhs) with \(rhs) using \(op.rawValue) in a \(schema.entityName) fetch predicate", token: left.key ?? right.key)
    }

    // MARK: Messages

    /// "key 'x' of PHAsset", or the operator for keyless operands.
    func subject(_ operand: Operand, _ op: ComparisonOperator) -> String {
        operand.key.map { "key '\($0)' of \(schema.entityName)" } ?? "a \(kindName(operand)) value"
    }

    func kindName(_ operand: Operand) -> String {
        if let kind = operand.columnKind {
            switch kind {
            case .integer: return "integer"
            case .real: return "real-number"
            case .boolean: return "boolean"
            case .date: return "date"
            case .text: return "text"
            case .identifier: return "identifier"
            }
        }
        switch operand.valueClass {
        case .numeric: return "numeric"
        case .date: return "date"
        case .text: return "text"
        case .identifier: return "identifier"
        case nil: return "nil"
        }
    }

    func describe(_ value: PredicateValue) -> String {
        switch value {
        case .null: "nil"
        case .bool(let b): "the boolean \(b ? "YES" : "NO")"
        case .integer(let i): "the integer \(i)"
        case .double(let d): "the number \(d)"
        case .string(let s): "the string '\(s)'"
        case .date(let d): "the date \(d)"
        case .identifier(let s): "the object with identifier '\(s)'"
        case .array(let items): "a collection of \(items.count) value(s)"
        }
    }

    func badArgument(_ message: String, token: String?) -> PredicateError {
        PredicateError(kind: .badArgument, message: message, token: token)
    }

    func unsupported(_ message: String, token: String?) -> PredicateError {
        PredicateError(kind: .unsupportedOperator, message: message, token: token)
    }
}

extension PredicateExpression {
    /// Whether the expression refers to a key anywhere.
    var containsKey: Bool { firstKey != nil }

    /// The first key the expression refers to, in reading order.
    var firstKey: String? {
        switch self {
        case .key(let key): key
        case .constant: nil
        case .bitwiseAnd(let a, let b), .bitwiseOr(let a, let b), .add(let a, let b),
             .subtract(let a, let b), .multiply(let a, let b), .divide(let a, let b):
            a.firstKey ?? b.firstKey
        case .negate(let a): a.firstKey
        case .aggregate(let items): items.lazy.compactMap(\.firstKey).first
        }
    }

    /// Whether the expression is a literal collection (`{…}` or an array argument).
    var isCollection: Bool {
        switch self {
        case .aggregate, .constant(.array): true
        default: false
        }
    }
}

extension PredicateValue {
    /// Whether the value is a numeric zero (a divisor that makes `/` an error).
    var isZero: Bool {
        switch self {
        case .integer(let i): i == 0
        case .double(let d): d == 0
        case .bool(let b): !b
        default: false
        }
    }
}
