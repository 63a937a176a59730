import Foundation

/// An assignable place: a variable, or components of one; for an array element chosen per pixel, one
/// register set per element with the condition under which it is the one.
struct KernelPlace {
    var type: KernelType
    var registers: [Int]
    var choices: [(condition: Int, registers: [Int])]?
}

extension KernelCompiler {
    func expression(_ e: KernelExpression) throws -> KernelValue {
        switch e.kind {
        case .number(let value, let isInteger):
            return KernelValue(isInteger ? .int : .float, [constant(Float(value))])
        case .boolean(let value):
            return KernelValue(.bool, [constant(value ? 1 : 0)])
        case .identifier(let name):
            guard let variable = lookup(name) else { throw KernelCompileError("unknown identifier '\(name)'", at: e.location) }
            guard variable.value.elements == nil else {
                throw KernelCompileError("array '\(name)' can only be used element by element", at: e.location)
            }
            return variable.value
        case .index(let base, let index):
            if case .identifier(let name) = base.kind, let variable = lookup(name), let elements = variable.value.elements {
                return KernelValue(variable.value.type, try element(of: elements, at: index, type: variable.value.type).read(self))
            }
            let v = try expression(base)
            let i = try constantIndex(index, limit: v.type.isMatrix ? v.type.columns : v.type.rows, of: v.type)
            if v.type.isMatrix {
                return KernelValue(.vec(v.type.rows), Array(v.registers[(i * v.type.rows)..<((i + 1) * v.type.rows)]))
            }
            return KernelValue(v.type.scalarType, [v.registers[i]])
        case .unary(let op, let operand):
            let v = try expression(operand)
            switch op {
            case "+":
                guard v.type.isValue, v.type.scalar != .bool else { throw KernelCompileError("'+' needs a number", at: e.location) }
                return v
            case "-":
                guard v.type.isValue, v.type.scalar != .bool else { throw KernelCompileError("'-' needs a number, not \(v.type)", at: e.location) }
                return map(v) { d, a in emit(.unary(.negate, d, a)) }
            default:
                guard v.type == .bool else { throw KernelCompileError("'!' needs a bool, not \(v.type)", at: e.location) }
                return map(v) { d, a in emit(.unary(.not, d, a)) }
            }
        case .increment(let op, let target, let isPrefix):
            let place = try self.place(target)
            guard place.type.isValue, place.type.scalar != .bool else {
                throw KernelCompileError("'\(op)' needs a number, not \(place.type)", at: e.location)
            }
            var old = KernelValue(place.type, place.read(self))
            if !isPrefix { old = map(old) { d, a in emit(.copy(to: d, from: a)) } }
            let new = map(old) { d, a in emit(.binary(op == "++" ? .add : .subtract, d, a, constant(1))) }
            store(new, in: place)
            return isPrefix ? KernelValue(place.type, place.read(self)) : old
        case .binary(let op, let a, let b):
            return try binary(op, try expression(a), try expression(b), at: e.location)
        case .assignment(let op, let target, let value):
            let place = try self.place(target)
            var v = try expression(value)
            if op != "=" { v = try binary(String(op.dropLast()), KernelValue(place.type, place.read(self)), v, at: e.location) }
            store(try convert(v, to: place.type, at: value.location), in: place)
            return KernelValue(place.type, place.read(self))
        case .conditional(let condition, let a, let b):
            let c = try self.condition(condition)
            var va = try expression(a), vb = try expression(b)
            if va.type != vb.type {
                if let t = try? convert(vb, to: va.type, at: b.location) { vb = t } else { va = try convert(va, to: vb.type, at: a.location) }
            }
            guard va.type.isValue else { throw KernelCompileError("'?:' cannot choose between samplers", at: e.location) }
            let registers = zip(va.registers, vb.registers).map { x, y -> Int in
                let d = temporary()
                emit(.select(d, condition: c.registers[0], x, y))
                return d
            }
            return KernelValue(va.type, registers)
        case .call(let name, let arguments):
            return try call(name, arguments, at: e.location)
        case .member(let base, let components):
            let v = try expression(base)
            let indices = try swizzle(components, of: v.type, at: e.location)
            return KernelValue(indices.count == 1 ? v.type.scalarType : .vector(v.type.scalar, indices.count),
                               indices.map { v.registers[$0] })
        }
    }

    /// Element `index` of an array: direct for an integer literal, otherwise one choice per element.
    func element(of elements: [[Int]], at index: KernelExpression, type: KernelType) throws -> KernelPlace {
        if case .number(let value, true) = index.kind {
            guard value >= 0, Int(value) < elements.count else {
                throw KernelCompileError("index \(Int(value)) is outside the array's \(elements.count) elements", at: index.location)
            }
            return KernelPlace(type: type, registers: elements[Int(value)])
        }
        let i = try expression(index)
        guard i.type.isScalar, i.type.scalar != .bool else { throw KernelCompileError("an array index must be a number", at: index.location) }
        let choices = elements.enumerated().map { k, registers -> (condition: Int, registers: [Int]) in
            let c = temporary()
            emit(.binary(.equal, c, i.registers[0], constant(Float(k))))
            return (c, registers)
        }
        return KernelPlace(type: type, registers: [], choices: choices)
    }

    /// A `bool` scalar for `if`, loops and `?:`.
    func condition(_ e: KernelExpression) throws -> KernelValue {
        let v = try expression(e)
        guard v.type == .bool else { throw KernelCompileError("a condition must be a bool, not \(v.type)", at: e.location) }
        return v
    }

    /// A new value computed component by component from `v` (`body(destination, source)`).
    func map(_ v: KernelValue, _ body: (Int, Int) -> Void) -> KernelValue {
        KernelValue(v.type, v.registers.map { a in
            let d = temporary()
            body(d, a)
            return d
        })
    }

    // MARK: Places

    func place(_ e: KernelExpression) throws -> KernelPlace {
        switch e.kind {
        case .identifier(let name):
            guard let variable = lookup(name) else { throw KernelCompileError("unknown identifier '\(name)'", at: e.location) }
            guard !variable.isConstant else { throw KernelCompileError("cannot assign to constant '\(name)'", at: e.location) }
            guard variable.value.type.isValue else { throw KernelCompileError("cannot assign to sampler '\(name)'", at: e.location) }
            guard variable.value.elements == nil else { throw KernelCompileError("cannot assign a whole array ('\(name)')", at: e.location) }
            return KernelPlace(type: variable.value.type, registers: variable.value.registers)
        case .member(let base, let components):
            let p = try place(base)
            let indices = try swizzle(components, of: p.type, at: e.location)
            guard Set(indices).count == indices.count else {
                throw KernelCompileError("'.\(components)' names a component twice and cannot be assigned", at: e.location)
            }
            return KernelPlace(type: indices.count == 1 ? p.type.scalarType : .vector(p.type.scalar, indices.count),
                               registers: p.choices == nil ? indices.map { p.registers[$0] } : [],
                               choices: p.choices?.map { choice in (choice.condition, indices.map { choice.registers[$0] }) })
        case .index(let base, let index):
            if case .identifier(let name) = base.kind, let variable = lookup(name), let elements = variable.value.elements {
                guard !variable.isConstant else { throw KernelCompileError("cannot assign to constant '\(name)'", at: e.location) }
                return try element(of: elements, at: index, type: variable.value.type)
            }
            let p = try place(base)
            guard p.choices == nil else { throw KernelCompileError("cannot index an array element chosen per pixel", at: e.location) }
            let i = try constantIndex(index, limit: p.type.isMatrix ? p.type.columns : p.type.rows, of: p.type)
            if p.type.isMatrix { return KernelPlace(type: .vec(p.type.rows), registers: Array(p.registers[(i * p.type.rows)..<((i + 1) * p.type.rows)])) }
            return KernelPlace(type: p.type.scalarType, registers: [p.registers[i]])
        default:
            throw KernelCompileError("the left side of an assignment must be a variable", at: e.location)
        }
    }

    /// Writes `value` (already of the place's type) into `place`, only in the active lanes.
    func store(_ value: KernelValue, in place: KernelPlace) {
        if let choices = place.choices {
            let source = value.registers.map { s in
                let t = temporary()
                emit(.copy(to: t, from: s))
                return t
            }
            for (condition, registers) in choices {
                let m = and(mask, condition) ?? condition
                for (s, d) in zip(source, registers) { emit(.select(d, condition: m, s, d)) }
            }
            return
        }
        var source = value.registers
        if !Set(source).isDisjoint(with: place.registers) && source != place.registers {
            source = source.map { s in
                let t = temporary()
                emit(.copy(to: t, from: s))
                return t
            }
        }
        for (s, d) in zip(source, place.registers) where s != d || mask != nil {
            if let mask { emit(.select(d, condition: mask, s, d)) } else { emit(.copy(to: d, from: s)) }
        }
    }

    func swizzle(_ components: String, of type: KernelType, at location: KernelSourceLocation) throws -> [Int] {
        guard type.isValue, !type.isMatrix else { throw KernelCompileError("'.\(components)' on a \(type)", at: location) }
        let sets = ["xyzw", "rgba", "stpq"]
        guard components.count >= 1, components.count <= 4,
              let set = sets.first(where: { set in components.allSatisfy { set.contains($0) } }) else {
            throw KernelCompileError("'\(components)' is not a swizzle of \(type)", at: location)
        }
        let indices = components.map { set.distance(from: set.startIndex, to: set.firstIndex(of: $0)!) }
        guard indices.allSatisfy({ $0 < type.rows }) else {
            throw KernelCompileError("'.\(components)' reaches past the components of a \(type)", at: location)
        }
        return indices
    }

    private func constantIndex(_ e: KernelExpression, limit: Int, of type: KernelType) throws -> Int {
        guard type.isValue, type.rows > 1 || type.isMatrix else { throw KernelCompileError("cannot index a \(type)", at: e.location) }
        guard case .number(let value, true) = e.kind, value >= 0, Int(value) < limit else {
            throw KernelCompileError("an index must be an integer literal below \(limit)", at: e.location)
        }
        return Int(value)
    }

    // MARK: Conversions and operators

    /// `v` as `type`: the same type; int ↔ float and bool of the same shape (GLSL's implicit int → float).
    func convert(_ v: KernelValue, to type: KernelType, at location: KernelSourceLocation) throws -> KernelValue {
        if v.type == type { return v }
        guard v.type.isValue, type.isValue, v.type.rows == type.rows, v.type.columns == type.columns,
              v.type.scalar == .int && type.scalar == .float else {
            throw KernelCompileError("cannot use a \(v.type) where a \(type) is expected", at: location)
        }
        return KernelValue(type, v.registers)
    }

    /// Component conversion for constructors: any scalar kind to another.
    func cast(_ register: Int, from: KernelType.Scalar, to: KernelType.Scalar) -> Int {
        if from == to || (from == .int && to == .float) || (from == .bool && to != .bool) { return register }
        let d = temporary()
        if to == .bool { emit(.binary(.notEqual, d, register, constant(0))) } else { emit(.unary(.truncate, d, register)) }
        return d
    }

    func binary(_ op: String, _ a: KernelValue, _ b: KernelValue, at location: KernelSourceLocation) throws -> KernelValue {
        guard a.type.isValue, b.type.isValue else { throw KernelCompileError("'\(op)' cannot take a sampler", at: location) }
        switch op {
        case "&&", "||", "^^":
            guard a.type == .bool, b.type == .bool else { throw KernelCompileError("'\(op)' needs bools", at: location) }
            let d = temporary()
            emit(.binary(op == "&&" ? .and : op == "||" ? .or : .exclusiveOr, d, a.registers[0], b.registers[0]))
            return KernelValue(.bool, [d])
        case "<", ">", "<=", ">=":
            guard a.type.isScalar, b.type.isScalar, a.type.scalar != .bool, b.type.scalar != .bool else {
                throw KernelCompileError("'\(op)' compares numbers (use lessThan() etc. for vectors), not \(a.type) and \(b.type)", at: location)
            }
            let d = temporary()
            let kind: SpanProgram.Binary = op == "<" ? .less : op == ">" ? .greater : op == "<=" ? .lessEqual : .greaterEqual
            emit(.binary(kind, d, a.registers[0], b.registers[0]))
            return KernelValue(.bool, [d])
        case "==", "!=":
            guard a.type.rows == b.type.rows, a.type.columns == b.type.columns else {
                throw KernelCompileError("'\(op)' needs operands of one type, not \(a.type) and \(b.type)", at: location)
            }
            var result: Int?
            for (x, y) in zip(a.registers, b.registers) {
                let d = temporary()
                emit(.binary(op == "==" ? .equal : .notEqual, d, x, y))
                if let r = result { emit(.binary(op == "==" ? .and : .or, d, r, d)) }
                result = d
            }
            return KernelValue(.bool, [result!])
        default:
            return try arithmetic(op, a, b, at: location)
        }
    }

    private func arithmetic(_ op: String, _ a: KernelValue, _ b: KernelValue, at location: KernelSourceLocation) throws -> KernelValue {
        guard a.type.scalar != .bool, b.type.scalar != .bool else {
            throw KernelCompileError("'\(op)' needs numbers, not \(a.type) and \(b.type)", at: location)
        }
        let scalar: KernelType.Scalar = a.type.scalar == .int && b.type.scalar == .int ? .int : .float
        if op == "*", a.type.isMatrix || b.type.isMatrix, !(a.type.isScalar || b.type.isScalar) {
            return try matrixProduct(a, b, at: location)
        }
        let kind: SpanProgram.Binary = switch op {
        case "+": .add
        case "-": .subtract
        case "*": .multiply
        default: .divide
        }
        let shape: KernelType
        if a.type.isScalar { shape = b.type } else if b.type.isScalar { shape = a.type } else {
            guard a.type.rows == b.type.rows, a.type.columns == b.type.columns else {
                throw KernelCompileError("'\(op)' needs operands of one shape, not \(a.type) and \(b.type)", at: location)
            }
            shape = a.type
        }
        let n = shape.componentCount
        let registers = (0..<n).map { i -> Int in
            let d = temporary()
            emit(.binary(kind, d, a.registers[a.type.isScalar ? 0 : i], b.registers[b.type.isScalar ? 0 : i]))
            if scalar == .int, kind == .divide { emit(.unary(.truncate, d, d)) }
            return d
        }
        return KernelValue(shape.with(scalar), registers)
    }

    private func matrixProduct(_ a: KernelValue, _ b: KernelValue, at location: KernelSourceLocation) throws -> KernelValue {
        // Column-major: element (row r, column c) of an n×n matrix is register c·n + r.
        func dotInto(_ pairs: [(Int, Int)]) -> Int {
            let d = temporary()
            emit(.binary(.multiply, d, pairs[0].0, pairs[0].1))
            for (x, y) in pairs.dropFirst() { emit(.multiplyAdd(d, x, y, d)) }
            return d
        }
        if a.type.isMatrix, b.type.isMatrix, a.type.rows == b.type.rows {
            let n = a.type.rows
            var out: [Int] = []
            for c in 0..<n { for r in 0..<n { out.append(dotInto((0..<n).map { k in (a.registers[k * n + r], b.registers[c * n + k]) })) } }
            return KernelValue(a.type, out)
        }
        if a.type.isMatrix, b.type.isVector, b.type.rows == a.type.rows {
            let n = a.type.rows
            return KernelValue(.vec(n), (0..<n).map { r in dotInto((0..<n).map { c in (a.registers[c * n + r], b.registers[c]) }) })
        }
        if a.type.isVector, b.type.isMatrix, a.type.rows == b.type.rows {
            let n = b.type.rows
            return KernelValue(.vec(n), (0..<n).map { c in dotInto((0..<n).map { r in (a.registers[r], b.registers[c * n + r]) }) })
        }
        throw KernelCompileError("cannot multiply a \(a.type) by a \(b.type)", at: location)
    }
}

extension KernelPlace {
    /// The registers holding the place's current value (for a per-pixel array element, selected into new ones).
    func read(_ compiler: KernelCompiler) -> [Int] {
        guard let choices else { return registers }
        return (0..<type.componentCount).map { c in
            let d = compiler.temporary()
            compiler.emit(.copy(to: d, from: choices[0].registers[c]))
            for choice in choices.dropFirst() { compiler.emit(.select(d, condition: choice.condition, choice.registers[c], d)) }
            return d
        }
    }
}

extension KernelType {
    /// The scalar type of a vector's components.
    var scalarType: KernelType { KernelType(kind: .value, scalar: scalar, rows: 1, columns: 1) }
}
