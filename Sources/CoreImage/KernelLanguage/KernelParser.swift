import Foundation

/// Parses Core Image Kernel Language source into functions (recursive descent over the GLSL subset Core Image
/// accepts: no arrays, structures, pointers or preprocessor).
struct KernelParser {
    private let tokens: [KernelToken]
    private var index = 0

    private static let qualifiers: Set<String> = ["const", "uniform", "varying", "lowp", "mediump", "highp", "in", "out", "inout", "__table"]

    init(source: String) throws { tokens = try KernelLexer.tokens(source) }

    /// Every function of the source, in order.
    mutating func functions() throws -> [KernelFunction] {
        var functions: [KernelFunction] = []
        while current.kind != .end {
            if let function = try function() { functions.append(function) }
        }
        return functions
    }

    // MARK: Tokens

    private var current: KernelToken { tokens[index] }
    private func peek(_ offset: Int = 1) -> KernelToken { tokens[min(index + offset, tokens.count - 1)] }
    private mutating func advance() -> KernelToken { defer { index = min(index + 1, tokens.count - 1) }; return tokens[index] }

    private mutating func accept(_ symbol: String) -> Bool {
        guard current.isSymbol(symbol) else { return false }
        index += 1
        return true
    }

    private mutating func expect(_ symbol: String) throws {
        guard accept(symbol) else { throw KernelCompileError("expected '\(symbol)' \(found)", at: current.location) }
    }

    private mutating func expectIdentifier(_ what: String) throws -> String {
        guard let name = current.identifier else { throw KernelCompileError("expected \(what) \(found)", at: current.location) }
        index += 1
        return name
    }

    private var found: String {
        switch current.kind {
        case .identifier(let name): "before '\(name)'"
        case .number(let value, _): "before '\(value)'"
        case .symbol(let s): "before '\(s)'"
        case .end: "at the end of the source"
        }
    }

    // MARK: Functions

    private mutating func function() throws -> KernelFunction? {
        let location = current.location
        var isKernel = false
        if current.identifier == "kernel" { isKernel = true; index += 1 }
        while let word = current.identifier, Self.qualifiers.contains(word) { index += 1 }
        let typeName = try expectIdentifier("a return type")
        guard let returnType = KernelType.named(typeName) else {
            throw KernelCompileError("unknown type '\(typeName)'", at: tokens[index - 1].location)
        }
        let name = try expectIdentifier("a function name")
        try expect("(")
        var parameters: [KernelParameter] = []
        if current.identifier == "void" && peek().isSymbol(")") {
            index += 1
        } else {
            while !current.isSymbol(")") {
                parameters.append(try parameter())
                if !accept(",") { break }
            }
        }
        try expect(")")
        let format = try attributes()
        if accept(";") { return nil }  // a prototype
        try expect("{")
        var body: [KernelStatement] = []
        while !current.isSymbol("}") {
            guard current.kind != .end else { throw KernelCompileError("missing '}' at the end of '\(name)'", at: current.location) }
            body.append(try statement())
        }
        try expect("}")
        return KernelFunction(name: name, returnType: returnType, parameters: parameters, body: body, isKernel: isKernel,
                              outputFormatName: format, location: location)
    }

    private mutating func parameter() throws -> KernelParameter {
        let location = current.location
        var direction = KernelParameter.Direction.input, isTable = false
        while let word = current.identifier, Self.qualifiers.contains(word) {
            if word == "out" { direction = .output }
            if word == "inout" { direction = .inputOutput }
            if word == "__table" { isTable = true }
            index += 1
        }
        let typeName = try expectIdentifier("a parameter type")
        guard let type = KernelType.named(typeName), type != .void else {
            throw KernelCompileError("unknown parameter type '\(typeName)'", at: tokens[index - 1].location)
        }
        let name = try expectIdentifier("a parameter name")
        let role: KernelParameter.Role = switch typeName {
        case "__sample": .sample
        case "__color": .color
        case "sampler", "sampler2D": isTable ? .table : .sampler
        default: .value
        }
        return KernelParameter(name: name, type: type, role: role, direction: direction, location: location)
    }

    /// `__attribute__((outputFormat(kCIFormatRh)))` and others (which are read and ignored).
    private mutating func attributes() throws -> String? {
        var format: String?
        while current.identifier == "__attribute__" {
            index += 1
            try expect("(")
            var depth = 1
            while depth > 0 {
                guard current.kind != .end else { throw KernelCompileError("unterminated __attribute__", at: current.location) }
                if current.identifier == "outputFormat", peek().isSymbol("("), let name = peek(2).identifier { format = name }
                if current.isSymbol("(") { depth += 1 }
                if current.isSymbol(")") { depth -= 1 }
                index += 1
            }
        }
        return format
    }

    // MARK: Statements

    private func startsDeclaration() -> Bool {
        guard let word = current.identifier else { return false }
        if word == "const" || word == "lowp" || word == "mediump" || word == "highp" { return true }
        return KernelType.named(word) != nil && peek().identifier != nil
    }

    private mutating func statement() throws -> KernelStatement {
        let location = current.location
        if accept(";") { return .empty }
        if accept("{") {
            var statements: [KernelStatement] = []
            while !accept("}") {
                guard current.kind != .end else { throw KernelCompileError("missing '}'", at: location) }
                statements.append(try statement())
            }
            return .block(statements)
        }
        if current.isSymbol("#") { throw KernelCompileError("preprocessor directives are not supported", at: location) }
        switch current.identifier {
        case "if":
            index += 1
            try expect("(")
            let condition = try expression()
            try expect(")")
            let then = try statement()
            var otherwise: KernelStatement?
            if current.identifier == "else" { index += 1; otherwise = try statement() }
            return .conditional(condition, then, otherwise)
        case "for":
            index += 1
            try expect("(")
            var initializer: KernelStatement?
            if !accept(";") {
                initializer = startsDeclaration() ? try declaration() : .expression(try expression())
                if case .expression = initializer { try expect(";") }
            }
            let condition = current.isSymbol(";") ? nil : try expression()
            try expect(";")
            let step = current.isSymbol(")") ? nil : try expression()
            try expect(")")
            return .loop(initializer: initializer, condition: condition, step: step, body: try statement(), testsFirst: true, location: location)
        case "while":
            index += 1
            try expect("(")
            let condition = try expression()
            try expect(")")
            return .loop(initializer: nil, condition: condition, step: nil, body: try statement(), testsFirst: true, location: location)
        case "do":
            index += 1
            let body = try statement()
            guard current.identifier == "while" else { throw KernelCompileError("expected 'while' after a do body \(found)", at: current.location) }
            index += 1
            try expect("(")
            let condition = try expression()
            try expect(")")
            try expect(";")
            return .loop(initializer: nil, condition: condition, step: nil, body: body, testsFirst: false, location: location)
        case "return":
            index += 1
            let value = current.isSymbol(";") ? nil : try expression()
            try expect(";")
            return .returnValue(value, location)
        case "break":
            index += 1
            try expect(";")
            return .breakLoop(location)
        case "continue":
            index += 1
            try expect(";")
            return .continueLoop(location)
        case "discard":
            throw KernelCompileError("'discard' is not supported by Core Image kernels", at: location)
        default:
            if startsDeclaration() { return try declaration() }
            let e = try expression()
            try expect(";")
            return .expression(e)
        }
    }

    /// `[const] type name [= value] {, name [= value]} ;`
    private mutating func declaration() throws -> KernelStatement {
        var isConstant = false
        while let word = current.identifier, ["const", "lowp", "mediump", "highp"].contains(word) {
            if word == "const" { isConstant = true }
            index += 1
        }
        let typeName = try expectIdentifier("a type")
        guard let type = KernelType.named(typeName), type.isValue else {
            throw KernelCompileError("'\(typeName)' is not a type a variable can have", at: tokens[index - 1].location)
        }
        var names: [(name: String, arrayCount: Int?, initializer: KernelExpression?, location: KernelSourceLocation)] = []
        repeat {
            let location = current.location
            let name = try expectIdentifier("a variable name")
            var count: Int?
            if accept("[") {
                guard case .number(let n, true) = current.kind, n >= 1, n <= 64 else {
                    throw KernelCompileError("an array's size must be an integer literal from 1 to 64", at: current.location)
                }
                index += 1
                try expect("]")
                count = Int(n)
                if current.isSymbol("=") { throw KernelCompileError("arrays cannot be initialised where declared", at: current.location) }
            }
            let initializer = accept("=") ? try assignment() : nil
            if isConstant && initializer == nil { throw KernelCompileError("constant '\(name)' needs a value", at: location) }
            names.append((name, count, initializer, location))
        } while accept(",")
        try expect(";")
        return .declaration(type, names, isConstant: isConstant)
    }

    // MARK: Expressions

    /// An expression (the comma operator is not supported).
    mutating func expression() throws -> KernelExpression { try assignment() }

    private mutating func assignment() throws -> KernelExpression {
        let target = try conditional()
        for op in ["=", "+=", "-=", "*=", "/="] where current.isSymbol(op) {
            let location = advance().location
            return KernelExpression(.assignment(op, target, try assignment()), at: location)
        }
        return target
    }

    private mutating func conditional() throws -> KernelExpression {
        let condition = try binary(level: 0)
        guard current.isSymbol("?") else { return condition }
        let location = advance().location
        let a = try assignment()
        try expect(":")
        let b = try assignment()
        return KernelExpression(.conditional(condition, a, b), at: location)
    }

    private static let levels: [[String]] = [["||"], ["^^"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"]]

    private mutating func binary(level: Int) throws -> KernelExpression {
        guard level < Self.levels.count else { return try unary() }
        var left = try binary(level: level + 1)
        while case .symbol(let s) = current.kind, Self.levels[level].contains(s) {
            let location = advance().location
            if s == "%" { throw KernelCompileError("'%' is not supported on floats; use mod()", at: location) }
            left = KernelExpression(.binary(s, left, try binary(level: level + 1)), at: location)
        }
        if case .symbol(let s) = current.kind, ["&", "|", "^", "<<", ">>", "~"].contains(s) {
            throw KernelCompileError("bitwise operator '\(s)' is not supported by Core Image kernels", at: current.location)
        }
        return left
    }

    private mutating func unary() throws -> KernelExpression {
        let location = current.location
        for op in ["-", "+", "!"] where current.isSymbol(op) {
            index += 1
            return KernelExpression(.unary(op, try unary()), at: location)
        }
        for op in ["++", "--"] where current.isSymbol(op) {
            index += 1
            return KernelExpression(.increment(op, try unary(), isPrefix: true), at: location)
        }
        return try postfix()
    }

    private mutating func postfix() throws -> KernelExpression {
        var e = try primary()
        while true {
            let location = e.location
            if accept(".") {
                e = KernelExpression(.member(e, try expectIdentifier("a component name")), at: location)
            } else if accept("[") {
                let i = try expression()
                try expect("]")
                e = KernelExpression(.index(e, i), at: location)
            } else if current.isSymbol("++") || current.isSymbol("--") {
                let op = advance()
                e = KernelExpression(.increment(op.isSymbol("++") ? "++" : "--", e, isPrefix: false), at: location)
            } else {
                return e
            }
        }
    }

    private mutating func primary() throws -> KernelExpression {
        let token = advance()
        switch token.kind {
        case .number(let value, let isInteger):
            return KernelExpression(.number(value, isInteger: isInteger), at: token.location)
        case .identifier(let name):
            if name == "true" || name == "false" { return KernelExpression(.boolean(name == "true"), at: token.location) }
            if accept("(") {
                var arguments: [KernelExpression] = []
                if !(current.identifier == "void" && peek().isSymbol(")")) {
                    while !current.isSymbol(")") {
                        arguments.append(try assignment())
                        if !accept(",") { break }
                    }
                } else { index += 1 }
                try expect(")")
                return KernelExpression(.call(name, arguments), at: token.location)
            }
            return KernelExpression(.identifier(name), at: token.location)
        case .symbol("("):
            let e = try expression()
            try expect(")")
            return e
        default:
            index -= 1
            throw KernelCompileError("expected an expression \(found)", at: token.location)
        }
    }
}
