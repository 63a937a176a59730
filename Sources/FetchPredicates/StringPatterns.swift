/// Builds SQLite `LIKE` and `GLOB` patterns for the string operators.
///
/// `LIKE` (used for `[c]`) is ASCII-case-insensitive in SQLite and is escaped with `ESCAPE '\'`;
/// `GLOB` (used for case-sensitive matching) has no escape character, so its metacharacters are
/// wrapped in brackets (`*` → `[*]`).
enum StringPattern {
    /// One element of a pattern: literal text, or a wildcard from an `NSPredicate` `LIKE` pattern.
    private enum Piece {
        case literal(Character)
        case anyRun      // NSPredicate "*"
        case anyOne      // NSPredicate "?"
    }

    /// Splits a pattern for `op` into pieces; only `LIKE` patterns contain wildcards (`\` escapes one).
    private static func pieces(for op: ComparisonOperator, _ text: String) -> [Piece] {
        var pieces: [Piece] = []
        switch op {
        case .beginsWith:
            pieces = text.map(Piece.literal) + [.anyRun]
        case .endsWith:
            pieces = [.anyRun] + text.map(Piece.literal)
        case .contains:
            pieces = [.anyRun] + text.map(Piece.literal) + [.anyRun]
        default:
            var escaping = false
            for c in text {
                if escaping {
                    pieces.append(.literal(c))
                    escaping = false
                } else if c == "\\" {
                    escaping = true
                } else if c == "*" {
                    pieces.append(.anyRun)
                } else if c == "?" {
                    pieces.append(.anyOne)
                } else {
                    pieces.append(.literal(c))
                }
            }
            if escaping { pieces.append(.literal("\\")) }
        }
        return pieces
    }

    /// A pattern for `x LIKE ? ESCAPE '\'`.
    static func like(for op: ComparisonOperator, _ text: String) -> String {
        var pattern = ""
        for piece in pieces(for: op, text) {
            switch piece {
            case .anyRun: pattern.append("%")
            case .anyOne: pattern.append("_")
            case .literal(let c):
                if c == "%" || c == "_" || c == "\\" { pattern.append("\\") }
                pattern.append(c)
            }
        }
        return pattern
    }

    /// A pattern for the case-sensitive `x GLOB ?`.
    static func glob(for op: ComparisonOperator, _ text: String) -> String {
        var pattern = ""
        for piece in pieces(for: op, text) {
            switch piece {
            case .anyRun: pattern.append("*")
            case .anyOne: pattern.append("?")
            case .literal(let c):
                switch c {
                case "*": pattern.append("[*]")
                case "?": pattern.append("[?]")
                case "[": pattern.append("[[]")
                default: pattern.append(c)
                }
            }
        }
        return pattern
    }
}
