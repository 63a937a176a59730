/// Reserved words of the predicate format language; matched case-insensitively.
enum Keyword: String, Sendable, CaseIterable {
    case and = "AND", or = "OR", not = "NOT"
    case `in` = "IN", between = "BETWEEN"
    case yes = "YES", no = "NO", `true` = "TRUE", `false` = "FALSE", `nil` = "NIL", null = "NULL"
    case beginsWith = "BEGINSWITH", endsWith = "ENDSWITH", contains = "CONTAINS", like = "LIKE", matches = "MATCHES"
    case truePredicate = "TRUEPREDICATE", falsePredicate = "FALSEPREDICATE"
    case `self` = "SELF"
    case any = "ANY", all = "ALL", some = "SOME", none = "NONE"
}

/// Punctuation and operator symbols.
enum Symbol: String, Sendable {
    case leftParen = "(", rightParen = ")", leftBrace = "{", rightBrace = "}"
    case leftBracket = "[", rightBracket = "]", comma = ","
    case equal = "==", notEqual = "!=", less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">="
    case logicalAnd = "&&", logicalOr = "||", bang = "!"
    case ampersand = "&", pipe = "|", plus = "+", minus = "-", star = "*", slash = "/"
}

/// One lexical token of a format string.
struct Token: Sendable, Equatable {
    /// What the token is.
    enum Kind: Sendable, Equatable {
        case identifier(String)
        case keyword(Keyword)
        case integer(Int64)
        case double(Double)
        case string(String)
        /// An unsubstituted format specifier such as `%@`, `%K` or `%ld`.
        case specifier(String)
        case symbol(Symbol)
        /// A `%K` specifier after substitution.
        case substitutedKey(String)
        /// A value specifier (`%@`, `%d`, …) after substitution.
        case substitutedValue(PredicateValue)
        case end
    }

    var kind: Kind
    /// The token's text exactly as written in the format string.
    var text: String
    /// Zero-based offset of the token's first character in the format string.
    var position: Int

    /// The token as shown in error messages: `'text'`, or `end of input`.
    var displayText: String { kind == .end ? "end of input" : "'\(text)'" }
    /// The token reported in ``PredicateError/token``.
    var errorToken: String? { kind == .end ? nil : text }
}

/// Splits an `NSPredicate`-style format string into tokens.
struct Lexer {
    private let format: String
    private let characters: [Character]
    private var index = 0

    init(format: String) {
        self.format = format
        self.characters = Array(format)
    }

    /// Tokenizes the whole format string; the last token is always `.end`.
    static func tokenize(_ format: String) throws(PredicateError) -> [Token] {
        var lexer = Lexer(format: format)
        var tokens: [Token] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func peek(_ offset: Int = 0) -> Character? {
        let i = index + offset
        return i < characters.count ? characters[i] : nil
    }

    private func text(from start: Int) -> String { String(characters[start..<index]) }

    private func error(at start: Int, length: Int = 1, _ reason: String) -> PredicateError {
        let end = min(characters.count, start + max(length, 1))
        let token = Token(kind: .identifier(""), text: String(characters[start..<end]), position: start)
        return .syntax(format, at: token, reason)
    }

    private mutating func next() throws(PredicateError) -> Token {
        while let c = peek(), c.isWhitespace { index += 1 }
        let start = index
        guard let c = peek() else { return Token(kind: .end, text: "", position: start) }

        if c.isNumber && c.isASCII { return try number() }
        if c.isLetter || c == "_" { return identifier(escaped: false) }
        if c == "'" || c == "\"" { return try string(quote: c) }
        if c == "%" { return try specifier() }
        if c == "#" {
            index += 1
            guard let n = peek(), n.isLetter || n == "_" else { throw error(at: start, "'#' must be followed by a key name") }
            var token = identifier(escaped: true)
            token.text = "#" + token.text
            token.position = start
            return token
        }
        if c == "$" {
            index += 1
            while let n = peek(), n.isLetter || n.isNumber || n == "_" { index += 1 }
            throw error(at: start, length: index - start, "substitution variables are not supported")
        }
        return try symbol()
    }

    private mutating func identifier(escaped: Bool) -> Token {
        let start = index
        index += 1
        while let c = peek() {
            if c.isLetter || (c.isNumber && c.isASCII) || c == "_" {
                index += 1
            } else if c == ".", let n = peek(1), n.isLetter || n == "_" {
                index += 1
            } else {
                break
            }
        }
        let name = text(from: start)
        if !escaped, let keyword = Keyword(rawValue: name.uppercased()) {
            return Token(kind: .keyword(keyword), text: name, position: start)
        }
        return Token(kind: .identifier(name), text: name, position: start)
    }

    private mutating func number() throws(PredicateError) -> Token {
        let start = index
        if peek() == "0", let p = peek(1), let radix = ["x": 16, "X": 16, "o": 8, "O": 8, "b": 2, "B": 2][p] {
            index += 2
            let digitsStart = index
            while let c = peek(), c.isHexDigit { index += 1 }
            let digits = String(characters[digitsStart..<index])
            guard !digits.isEmpty, let value = Int64(digits, radix: radix) else {
                while let c = peek(), c.isLetter || c.isNumber { index += 1 }
                throw error(at: start, length: index - start, "invalid or out-of-range number")
            }
            return try finishNumber(start: start, .integer(value))
        }
        var isDouble = false
        while let c = peek(), c.isASCII, c.isNumber { index += 1 }
        if peek() == ".", let n = peek(1), n.isASCII, n.isNumber {
            isDouble = true
            index += 1
            while let c = peek(), c.isASCII, c.isNumber { index += 1 }
        }
        if let e = peek(), e == "e" || e == "E" {
            var lookahead = 1
            if let sign = peek(1), sign == "+" || sign == "-" { lookahead = 2 }
            if let d = peek(lookahead), d.isASCII, d.isNumber {
                isDouble = true
                index += lookahead
                while let c = peek(), c.isASCII, c.isNumber { index += 1 }
            }
        }
        let literal = text(from: start)
        if isDouble {
            guard let value = Double(literal), value.isFinite else {
                throw error(at: start, length: literal.count, "invalid number")
            }
            return try finishNumber(start: start, .double(value))
        }
        guard let value = Int64(literal) else {
            throw error(at: start, length: literal.count, "integer literal is out of range")
        }
        return try finishNumber(start: start, .integer(value))
    }

    private mutating func finishNumber(start: Int, _ kind: Token.Kind) throws(PredicateError) -> Token {
        if let c = peek(), c.isLetter || c.isNumber || c == "_" {
            while let c = peek(), c.isLetter || c.isNumber || c == "_" { index += 1 }
            throw error(at: start, length: index - start, "invalid number")
        }
        return Token(kind: kind, text: text(from: start), position: start)
    }

    private mutating func string(quote: Character) throws(PredicateError) -> Token {
        let start = index
        index += 1
        var value = ""
        while true {
            guard let c = peek() else { throw error(at: start, length: index - start, "unterminated string literal") }
            index += 1
            if c == quote { break }
            guard c == "\\" else { value.append(c); continue }
            guard let e = peek() else { throw error(at: start, length: index - start, "unterminated string literal") }
            index += 1
            switch e {
            case "n": value.append("\n")
            case "t": value.append("\t")
            case "r": value.append("\r")
            case "0": value.append("\0")
            case "\\", "'", "\"": value.append(e)
            case "u":
                let hexStart = index
                while index - hexStart < 4, let h = peek(), h.isHexDigit { index += 1 }
                guard index - hexStart == 4,
                      let code = UInt32(String(characters[hexStart..<index]), radix: 16),
                      let scalar = Unicode.Scalar(code) else {
                    throw error(at: hexStart - 2, length: index - hexStart + 2, "invalid \\u escape (expected four hex digits)")
                }
                value.unicodeScalars.append(scalar)
            default:
                // Unknown escapes are kept verbatim so that LIKE patterns can escape wildcards: 'a\*b'.
                value.append("\\")
                value.append(e)
            }
        }
        return Token(kind: .string(value), text: text(from: start), position: start)
    }

    private mutating func specifier() throws(PredicateError) -> Token {
        let start = index
        index += 1
        while let c = peek(), "hlqLzjt".contains(c) { index += 1 }
        guard let c = peek(), "@KdiuxXoDUOfFeEgGaAsS".contains(c) else {
            if peek() != nil { index += 1 }
            throw error(at: start, length: index - start, "unknown format specifier")
        }
        index += 1
        let spec = text(from: start)
        return Token(kind: .specifier(spec), text: spec, position: start)
    }

    private mutating func symbol() throws(PredicateError) -> Token {
        let start = index
        let c = peek()!
        let n = peek(1)
        let two: [String: Symbol] = [
            "==": .equal, "!=": .notEqual, "<>": .notEqual, "<=": .lessEqual, "=<": .lessEqual,
            ">=": .greaterEqual, "=>": .greaterEqual, "&&": .logicalAnd, "||": .logicalOr,
        ]
        if let n, let symbol = two[String([c, n])] {
            index += 2
            return Token(kind: .symbol(symbol), text: text(from: start), position: start)
        }
        let one: [Character: Symbol] = [
            "(": .leftParen, ")": .rightParen, "{": .leftBrace, "}": .rightBrace, "[": .leftBracket,
            "]": .rightBracket, ",": .comma, "=": .equal, "<": .less, ">": .greater, "!": .bang,
            "&": .ampersand, "|": .pipe, "+": .plus, "-": .minus, "*": .star, "/": .slash,
        ]
        if let symbol = one[c] {
            index += 1
            return Token(kind: .symbol(symbol), text: text(from: start), position: start)
        }
        throw error(at: start, "unknown token")
    }
}
