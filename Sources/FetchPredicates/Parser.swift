import Foundation

/// Parses `NSPredicate`-style format strings into ``PredicateNode`` trees.
///
/// Supported syntax:
/// - logic: `AND`/`&&`, `OR`/`||`, `NOT`/`!`, parentheses, `TRUEPREDICATE`, `FALSEPREDICATE`;
/// - comparisons: `==`/`=`, `!=`/`<>`, `<`, `<=`/`=<`, `>`, `>=`/`=>`, `IN`, `BETWEEN`, `BEGINSWITH`,
///   `ENDSWITH`, `CONTAINS`, `LIKE`, `MATCHES`, with options `[c]`, `[d]`, `[n]` in any combination;
///   `x NOT IN …` (and `NOT BETWEEN`, `NOT LIKE`, …) as shorthand for `NOT (x IN …)`;
/// - expressions: keys (`mediaType`, `a.b`, `#reservedWord`, `SELF`), `%K`, numbers (`1`, `-2`, `3.5`,
///   `1e3`, `0x10`, `0o17`, `0b101`), quoted strings (`'…'`, `"…"`, with `\n \t \r \0 \\ \' \" \uXXXX`
///   escapes; other escapes such as `\*` are kept verbatim), `YES`/`TRUE`/`NO`/`FALSE`, `nil`/`NULL`,
///   dates as NSPredicate prints them, `CAST(<seconds since 2001-01-01>, "NSDate")`,
///   aggregates `{a, b}`, unary `-`, and the binary operators `|`, `&`, `+`, `-`, `*`, `/` (in increasing
///   order of precedence);
/// - arguments: `%@` (any supported value), `%K` (key name), `%d %i %u %ld %lu %lld %qd %hd %x %o`
///   (integers), `%f %lf %g %e` (floating point) and `%s` (strings). Specifiers inside quotes are literal
///   text. Extra arguments are ignored.
///
/// Keywords are case-insensitive. `$variables`, `ANY`/`ALL`/`SOME`/`NONE`, `SUBQUERY` and functions (other
/// than that `CAST`) are not supported.
public enum PredicateParser {
    /// Parses `format`, substituting `arguments` for its format specifiers in order.
    ///
    /// ```swift
    /// let node = try PredicateParser.parse(
    ///     format: "mediaType == %d && !((mediaSubtypes & %d) == %d)",
    ///     arguments: [1, 8, 8]
    /// )
    /// ```
    ///
    /// - Throws: ``PredicateError`` of kind `.syntax` for malformed format strings, `.badArgument` for
    ///   missing or ill-typed arguments, and `.unsupportedOperator` for unsupported syntax such as `ANY`.
    ///   The message names the offending token and its zero-based position.
    public static func parse(format: String, arguments: [Any] = []) throws(PredicateError) -> PredicateNode {
        let tokens = try Arguments.substitute(Lexer.tokenize(format), arguments: arguments, format: format)
        var parser = Parser(format: format, tokens: tokens)
        return try parser.parsePredicate()
    }
}

/// A recursive-descent parser over substituted tokens, with backtracking for parentheses.
struct Parser {
    let format: String
    let tokens: [Token]
    private var index = 0
    private var depth = 0

    /// The deepest nesting of parentheses, braces, `NOT` and unary `-` accepted, bounding recursion.
    static let maximumDepth = 200

    init(format: String, tokens: [Token]) {
        self.format = format
        self.tokens = tokens
    }

    private var current: Token { tokens[index] }
    private var following: Token { tokens[min(index + 1, tokens.count - 1)] }

    @discardableResult
    private mutating func advance() -> Token {
        let token = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    private func syntax(_ reason: String, at token: Token? = nil) -> PredicateError {
        .syntax(format, at: token ?? current, reason)
    }

    /// Enters one nesting level; call `depth -= 1` (via `defer`) when leaving it.
    private mutating func nest() throws(PredicateError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw syntax("the predicate is nested more than \(Self.maximumDepth) levels deep")
        }
    }

    private func isSymbol(_ symbol: Symbol, _ token: Token? = nil) -> Bool {
        (token ?? current).kind == .symbol(symbol)
    }

    private func isKeyword(_ keyword: Keyword, _ token: Token? = nil) -> Bool {
        (token ?? current).kind == .keyword(keyword)
    }

    private mutating func expect(_ symbol: Symbol, _ reason: String) throws(PredicateError) {
        guard isSymbol(symbol) else { throw syntax(reason) }
        advance()
    }

    // MARK: Predicates

    /// Parses a complete predicate and requires the end of input afterwards.
    mutating func parsePredicate() throws(PredicateError) -> PredicateNode {
        if current.kind == .end { throw syntax("the format string is empty") }
        let node = try parseOr()
        guard current.kind == .end else {
            if isSymbol(.rightParen) { throw syntax("unbalanced parentheses: ')' has no matching '('") }
            throw syntax("expected AND, OR or the end of the predicate")
        }
        return node
    }

    private mutating func parseOr() throws(PredicateError) -> PredicateNode {
        try nest()
        defer { depth -= 1 }
        var operands = [try parseAnd()]
        while isKeyword(.or) || isSymbol(.logicalOr) {
            advance()
            operands.append(try parseAnd())
        }
        return operands.count == 1 ? operands[0] : .or(operands)
    }

    private mutating func parseAnd() throws(PredicateError) -> PredicateNode {
        var operands = [try parseNot()]
        while isKeyword(.and) || isSymbol(.logicalAnd) {
            advance()
            operands.append(try parseNot())
        }
        return operands.count == 1 ? operands[0] : .and(operands)
    }

    private mutating func parseNot() throws(PredicateError) -> PredicateNode {
        if isKeyword(.not) || isSymbol(.bang) {
            try nest()
            defer { depth -= 1 }
            advance()
            return .not(try parseNot())
        }
        return try parsePrimaryPredicate()
    }

    private mutating func parsePrimaryPredicate() throws(PredicateError) -> PredicateNode {
        switch current.kind {
        case .keyword(.truePredicate):
            advance()
            return .constant(true)
        case .keyword(.falsePredicate):
            advance()
            return .constant(false)
        case .keyword(.any), .keyword(.all), .keyword(.some), .keyword(.none):
            throw .unsupportedOperator(format, at: current, "collection quantifiers (ANY, ALL, SOME, NONE) are not supported")
        case .symbol(.leftParen):
            // "(" opens either a parenthesised predicate, "(a == 1 OR b == 2)", or a parenthesised
            // expression, "(mediaSubtypes & 8) == 8". Try the former, then the latter; report the
            // failure that got further into the format string.
            let start = index
            let first: PredicateError
            do throws(PredicateError) {
                advance()
                let node = try parseOr()
                try expect(.rightParen, "expected ')' to close the '(' at position \(tokens[start].position)")
                return node
            } catch {
                first = error
            }
            index = start
            do throws(PredicateError) {
                return try parseComparison()
            } catch {
                if (error.position ?? 0) > (first.position ?? 0) { throw error }
                throw first
            }
        default:
            return try parseComparison()
        }
    }

    private static let operatorKeywords: [Keyword: ComparisonOperator] = [
        .in: .in, .between: .between, .beginsWith: .beginsWith, .endsWith: .endsWith,
        .contains: .contains, .like: .like, .matches: .matches,
    ]

    private static let operatorSymbols: [Symbol: ComparisonOperator] = [
        .equal: .equalTo, .notEqual: .notEqualTo, .less: .lessThan, .lessEqual: .lessThanOrEqualTo,
        .greater: .greaterThan, .greaterEqual: .greaterThanOrEqualTo,
    ]

    private func comparisonOperator(_ token: Token) -> ComparisonOperator? {
        switch token.kind {
        case .keyword(let keyword): Self.operatorKeywords[keyword]
        case .symbol(let symbol): Self.operatorSymbols[symbol]
        default: nil
        }
    }

    private mutating func parseComparison() throws(PredicateError) -> PredicateNode {
        let lhs = try parseExpression()
        var negated = false
        if isKeyword(.not), case .keyword(let k) = following.kind, Self.operatorKeywords[k] != nil {
            negated = true
            advance()
        }
        let opToken = current
        guard let op = comparisonOperator(opToken) else {
            if current.kind == .end { throw syntax("expected a comparison operator after the expression") }
            throw syntax("expected a comparison operator (==, !=, <, <=, >, >=, IN, BETWEEN, BEGINSWITH, ENDSWITH, CONTAINS, LIKE)")
        }
        advance()
        let options = try parseOptions()
        if current.kind == .end { throw syntax("expected a key, value or argument after '\(opToken.text)'") }
        let rhs = try parseExpression()
        if op == .between { try validateRange(rhs, opToken: opToken) }
        let node = PredicateNode.comparison(lhs: lhs, op: op, rhs: rhs, options: options)
        return negated ? .not(node) : node
    }

    private mutating func parseOptions() throws(PredicateError) -> StringOptions {
        guard isSymbol(.leftBracket) else { return [] }
        advance()
        guard case .identifier(let letters) = current.kind else {
            throw syntax("expected comparison options such as [c], [d] or [cd]")
        }
        var options: StringOptions = []
        for letter in letters.lowercased() {
            switch letter {
            case "c": options.insert(.caseInsensitive)
            case "d": options.insert(.diacriticInsensitive)
            case "n": options.insert(.normalized)
            default: throw syntax("unknown comparison option '\(letter)' (expected c, d or n)")
            }
        }
        advance()
        try expect(.rightBracket, "expected ']' to close the comparison options")
        return options
    }

    private func validateRange(_ rhs: PredicateExpression, opToken: Token) throws(PredicateError) {
        let count: Int? = switch rhs {
        case .aggregate(let items): items.count
        case .constant(.array(let items)): items.count
        case .constant: 0
        default: nil
        }
        if let count, count != 2 {
            throw .badArgument(format, at: opToken, "BETWEEN expects a two-element range such as {lower, upper}, got \(count) element(s)")
        }
    }

    // MARK: Expressions

    private mutating func parseExpression() throws(PredicateError) -> PredicateExpression {
        try nest()
        defer { depth -= 1 }
        var lhs = try parseBitwiseAnd()
        while isSymbol(.pipe) {
            advance()
            lhs = .bitwiseOr(lhs, try parseBitwiseAnd())
        }
        return lhs
    }

    private mutating func parseBitwiseAnd() throws(PredicateError) -> PredicateExpression {
        var lhs = try parseAdditive()
        while isSymbol(.ampersand) {
            advance()
            lhs = .bitwiseAnd(lhs, try parseAdditive())
        }
        return lhs
    }

    private mutating func parseAdditive() throws(PredicateError) -> PredicateExpression {
        var lhs = try parseMultiplicative()
        while isSymbol(.plus) || isSymbol(.minus) {
            let plus = isSymbol(.plus)
            advance()
            let rhs = try parseMultiplicative()
            lhs = plus ? .add(lhs, rhs) : .subtract(lhs, rhs)
        }
        return lhs
    }

    private mutating func parseMultiplicative() throws(PredicateError) -> PredicateExpression {
        var lhs = try parseUnary()
        while isSymbol(.star) || isSymbol(.slash) {
            let star = isSymbol(.star)
            advance()
            let rhs = try parseUnary()
            lhs = star ? .multiply(lhs, rhs) : .divide(lhs, rhs)
        }
        return lhs
    }

    private mutating func parseUnary() throws(PredicateError) -> PredicateExpression {
        guard isSymbol(.minus) else { return try parsePrimaryExpression() }
        try nest()
        defer { depth -= 1 }
        let minus = advance()
        let operand = try parseUnary()
        switch operand {
        case .constant(.integer(let i)):
            guard i != .min else { throw syntax("integer literal is out of range", at: minus) }
            return .constant(.integer(-i))
        case .constant(.double(let d)):
            return .constant(.double(-d))
        case .constant:
            throw syntax("unary '-' can only be applied to numbers and numeric expressions", at: minus)
        default:
            return .negate(operand)
        }
    }

    private mutating func parsePrimaryExpression() throws(PredicateError) -> PredicateExpression {
        let token = current
        switch token.kind {
        case .identifier(let name) where name.uppercased() == "CAST" && peekIsLeftParen:
            return try parseCast()
        case .identifier(let name):
            advance()
            return .key(name)
        case .substitutedKey(let name):
            advance()
            return .key(name)
        case .keyword(.self):
            advance()
            return .key("SELF")
        case .keyword(.yes), .keyword(.true):
            advance()
            return .constant(.bool(true))
        case .keyword(.no), .keyword(.false):
            advance()
            return .constant(.bool(false))
        case .keyword(.nil), .keyword(.null):
            advance()
            return .constant(.null)
        case .integer(let value):
            advance()
            return .constant(.integer(value))
        case .double(let value):
            advance()
            return .constant(.double(value))
        case .string(let value):
            advance()
            return .constant(.string(value))
        case .substitutedValue(let value):
            advance()
            return .constant(value)
        case .symbol(.leftParen):
            advance()
            let expression = try parseExpression()
            try expect(.rightParen, "expected ')' to close the '(' at position \(token.position)")
            return expression
        case .symbol(.leftBrace):
            advance()
            var items: [PredicateExpression] = []
            if !isSymbol(.rightBrace) {
                items.append(try parseExpression())
                while isSymbol(.comma) {
                    advance()
                    items.append(try parseExpression())
                }
            }
            try expect(.rightBrace, "expected ',' or '}' in the aggregate opened at position \(token.position)")
            return .aggregate(items)
        case .end:
            throw syntax("expected a key, value or argument")
        case .keyword(.any), .keyword(.all), .keyword(.some), .keyword(.none):
            throw .unsupportedOperator(format, at: token, "collection quantifiers (ANY, ALL, SOME, NONE) are not supported")
        case .specifier:
            preconditionFailure("format specifiers are substituted before parsing")
        default:
            throw syntax("expected a key, value or argument")
        }
    }

    private var peekIsLeftParen: Bool {
        if case .symbol(.leftParen) = following.kind { return true }
        return false
    }

    /// `CAST(<seconds since 2001-01-01>, "NSDate")`, NSPredicate's way of writing a date in a format string
    /// (what `NSPredicate(format: "creationDate > %@", date).predicateFormat` prints). Other casts are refused.
    private mutating func parseCast() throws(PredicateError) -> PredicateExpression {
        let start = current
        advance()
        advance()
        let seconds: Double
        switch current.kind {
        case .integer(let value): seconds = Double(value)
        case .double(let value): seconds = value
        case .symbol(.minus):
            advance()
            switch current.kind {
            case .integer(let value): seconds = -Double(value)
            case .double(let value): seconds = -value
            default: throw syntax("CAST needs a number of seconds since 2001-01-01 before \"NSDate\"")
            }
        default: throw syntax("CAST needs a number of seconds since 2001-01-01 before \"NSDate\"")
        }
        advance()
        try expect(.comma, "expected ',' after the number in CAST")
        guard case .string(let type) = current.kind, type == "NSDate" else {
            throw .unsupportedOperator(format, at: start, "only CAST(<number>, \"NSDate\") is supported")
        }
        advance()
        try expect(.rightParen, "expected ')' to close the CAST at position \(start.position)")
        guard seconds.isFinite, abs(seconds) < 1e12 else { throw syntax("the CAST date is out of range") }
        return .constant(.date(Date(timeIntervalSinceReferenceDate: seconds)))
    }
}
