import Foundation

/// A position in kernel source, 1-based, for error messages.
struct KernelSourceLocation: Sendable, CustomStringConvertible {
    var line: Int
    var column: Int
    var description: String { "line \(line), column \(column)" }
}

/// A compile error in kernel source: what is wrong and where (Core Image logs these and returns `nil`).
struct KernelCompileError: Error, CustomStringConvertible {
    let message: String
    let location: KernelSourceLocation
    init(_ message: String, at location: KernelSourceLocation) { (self.message, self.location) = (message, location) }
    var description: String { "\(location): \(message)" }
}

/// One token of kernel source.
struct KernelToken: Sendable {
    enum Kind: Equatable, Sendable {
        case identifier(String)
        case number(Double, isInteger: Bool)
        case symbol(String)
        case end
    }
    let kind: Kind
    let location: KernelSourceLocation

    var identifier: String? { if case .identifier(let name) = kind { name } else { nil } }
    func isSymbol(_ text: String) -> Bool { kind == .symbol(text) }
}

/// Splits Core Image Kernel Language source (the GLSL-based dialect) into tokens, dropping comments.
enum KernelLexer {
    /// Operators and punctuation, longest first so `<=` wins over `<`.
    private static let symbols = ["<<=", ">>=", "++", "--", "+=", "-=", "*=", "/=", "%=", "==", "!=", "<=", ">=", "&&", "||", "^^",
                                  "<<", ">>", "&=", "|=", "^=",
                                  "+", "-", "*", "/", "%", "=", "<", ">", "!", "?", ":", ";", ",", ".", "(", ")", "{", "}", "[", "]",
                                  "&", "|", "^", "~", "#"]

    static func tokens(_ source: String) throws -> [KernelToken] {
        let chars = Array(source.unicodeScalars)
        var tokens: [KernelToken] = []
        var i = 0, line = 1, lineStart = 0
        func location(_ at: Int) -> KernelSourceLocation { KernelSourceLocation(line: line, column: at - lineStart + 1) }
        func isIdentifierStart(_ c: Unicode.Scalar) -> Bool { c == "_" || (c.properties.isAlphabetic && c.isASCII) }
        func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }
        while i < chars.count {
            let c = chars[i]
            if c == "\n" { line += 1; i += 1; lineStart = i; continue }
            if c == " " || c == "\t" || c == "\r" || c == "\u{0C}" || c == "\u{0B}" { i += 1; continue }
            if c == "/", i + 1 < chars.count, chars[i + 1] == "/" {
                while i < chars.count, chars[i] != "\n" { i += 1 }
                continue
            }
            if c == "/", i + 1 < chars.count, chars[i + 1] == "*" {
                let start = location(i)
                i += 2
                while i < chars.count, !(chars[i] == "*" && i + 1 < chars.count && chars[i + 1] == "/") {
                    if chars[i] == "\n" { line += 1; lineStart = i + 1 }
                    i += 1
                }
                guard i < chars.count else { throw KernelCompileError("unterminated comment", at: start) }
                i += 2
                continue
            }
            if isIdentifierStart(c) {
                let start = i
                while i < chars.count, isIdentifierStart(chars[i]) || isDigit(chars[i]) { i += 1 }
                tokens.append(KernelToken(kind: .identifier(String(String.UnicodeScalarView(chars[start..<i]))), location: location(start)))
                continue
            }
            if isDigit(c) || (c == "." && i + 1 < chars.count && isDigit(chars[i + 1])) {
                let start = i
                var isInteger = true
                while i < chars.count, isDigit(chars[i]) { i += 1 }
                if i < chars.count, chars[i] == "." { isInteger = false; i += 1; while i < chars.count, isDigit(chars[i]) { i += 1 } }
                if i < chars.count, chars[i] == "e" || chars[i] == "E" {
                    var j = i + 1
                    if j < chars.count, chars[j] == "+" || chars[j] == "-" { j += 1 }
                    if j < chars.count, isDigit(chars[j]) {
                        isInteger = false
                        i = j
                        while i < chars.count, isDigit(chars[i]) { i += 1 }
                    }
                }
                let text = String(String.UnicodeScalarView(chars[start..<i]))
                if i < chars.count, chars[i] == "f" || chars[i] == "F" { isInteger = false; i += 1 }
                guard let value = Double(text) else { throw KernelCompileError("malformed number '\(text)'", at: location(start)) }
                tokens.append(KernelToken(kind: .number(value, isInteger: isInteger), location: location(start)))
                continue
            }
            let start = i
            guard let symbol = symbols.first(where: { matches($0, chars, at: i) }) else {
                throw KernelCompileError("unexpected character '\(c)'", at: location(start))
            }
            i += symbol.unicodeScalars.count
            tokens.append(KernelToken(kind: .symbol(symbol), location: location(start)))
        }
        tokens.append(KernelToken(kind: .end, location: location(i)))
        return tokens
    }

    private static func matches(_ symbol: String, _ chars: [Unicode.Scalar], at index: Int) -> Bool {
        var i = index
        for s in symbol.unicodeScalars {
            guard i < chars.count, chars[i] == s else { return false }
            i += 1
        }
        return true
    }
}
