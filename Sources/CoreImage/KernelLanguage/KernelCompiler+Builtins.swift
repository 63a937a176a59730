import Foundation

extension KernelCompiler {
    private static let unaryFunctions: [String: SpanProgram.Unary] = [
        "sin": .sin, "cos": .cos, "tan": .tan, "sin_": .sin, "cos_": .cos, "tan_": .tan, "asin": .asin, "acos": .acos,
        "exp": .exp, "log": .log, "exp2": .exp2, "log2": .log2, "sqrt": .sqrt, "inversesqrt": .inverseSqrt, "abs": .abs,
        "sign": .sign, "floor": .floor, "ceil": .ceil, "fract": .fract, "trunc": .truncate, "round": .round,
    ]
    private static let binaryFunctions: [String: SpanProgram.Binary] = [
        "pow": .power, "min": .minimum, "max": .maximum, "mod": .modulo, "step": .step,
    ]
    private static let relations: [String: SpanProgram.Binary] = [
        "lessThan": .less, "lessThanEqual": .lessEqual, "greaterThan": .greater, "greaterThanEqual": .greaterEqual,
        "equal": .equal, "notEqual": .notEqual,
    ]

    /// A built-in function of GLSL or of the Core Image Kernel Language, or `nil` when `name` is none.
    func builtin(_ name: String, _ args: [KernelValue], at location: KernelSourceLocation) throws -> KernelValue? {
        func arity(_ n: Int) throws {
            guard args.count == n else { throw KernelCompileError("\(name)() takes \(n) argument\(n == 1 ? "" : "s"), not \(args.count)", at: location) }
        }
        func numeric(_ v: KernelValue) throws -> KernelValue {
            guard v.type.isValue, !v.type.isMatrix || name == "matrixCompMult" else {
                throw KernelCompileError("\(name)() cannot take a \(v.type)", at: location)
            }
            return v.type.scalar == .bool ? v : KernelValue(v.type.with(.float), v.registers)
        }
        func vector(_ v: KernelValue, _ rows: Int? = nil) throws -> KernelValue {
            guard v.type.isValue, !v.type.isMatrix, v.type.scalar != .bool, rows == nil || v.type.rows == rows else {
                throw KernelCompileError("\(name)() cannot take a \(v.type)", at: location)
            }
            return KernelValue(v.type.with(.float), v.registers)
        }
        func sampler(_ v: KernelValue) throws -> Int {
            guard let image = v.image else { throw KernelCompileError("\(name)() needs a sampler, not a \(v.type)", at: location) }
            return image
        }

        if let op = Self.unaryFunctions[name] {
            try arity(1)
            return map(try numeric(args[0])) { d, a in emit(.unary(op, d, a)) }
        }
        if let op = Self.binaryFunctions[name] {
            try arity(2)
            return try componentwise([numeric(args[0]), numeric(args[1])], at: location) { r in
                let d = temporary()
                emit(.binary(op, d, r[0], r[1]))
                return d
            }
        }
        if let op = Self.relations[name] {
            try arity(2)
            let a = try vector(args[0]), b = try vector(args[1])
            guard a.type.rows == b.type.rows, a.type.rows > 1 else {
                throw KernelCompileError("\(name)() compares vectors of one size", at: location)
            }
            return KernelValue(.vector(.bool, a.type.rows), zip(a.registers, b.registers).map { x, y in
                let d = temporary()
                emit(.binary(op, d, x, y))
                return d
            })
        }
        switch name {
        case "radians", "degrees":
            try arity(1)
            let k = constant(name == "radians" ? Float.pi / 180 : 180 / Float.pi)
            return map(try numeric(args[0])) { d, a in emit(.binary(.multiply, d, a, k)) }
        case "atan":
            if args.count == 1 { return map(try numeric(args[0])) { d, a in emit(.unary(.atan, d, a)) } }
            try arity(2)
            return try componentwise([numeric(args[0]), numeric(args[1])], at: location) { r in
                let d = temporary()
                emit(.binary(.arcTangent2, d, r[0], r[1]))
                return d
            }
        case "clamp":
            try arity(3)
            return try componentwise([numeric(args[0]), numeric(args[1]), numeric(args[2])], at: location) { r in
                let d = temporary()
                emit(.binary(.maximum, d, r[0], r[1]))
                emit(.binary(.minimum, d, d, r[2]))
                return d
            }
        case "mix":
            try arity(3)
            return try componentwise([numeric(args[0]), numeric(args[1]), numeric(args[2])], at: location) { r in
                let d = temporary()
                emit(.binary(.subtract, d, r[1], r[0]))
                emit(.multiplyAdd(d, d, r[2], r[0]))
                return d
            }
        case "smoothstep":
            try arity(3)
            return try componentwise([numeric(args[0]), numeric(args[1]), numeric(args[2])], at: location) { r in
                let t = temporary(), w = temporary()
                emit(.binary(.subtract, t, r[2], r[0]))
                emit(.binary(.subtract, w, r[1], r[0]))
                emit(.binary(.divide, t, t, w))
                emit(.binary(.maximum, t, t, constant(0)))
                emit(.binary(.minimum, t, t, constant(1)))
                emit(.multiplyAdd(w, t, constant(-2), constant(3)))
                emit(.binary(.multiply, w, w, t))
                emit(.binary(.multiply, w, w, t))
                return w
            }
        case "compare":
            try arity(3)
            return try componentwise([numeric(args[0]), numeric(args[1]), numeric(args[2])], at: location) { r in
                let c = temporary(), d = temporary()
                emit(.binary(.less, c, r[0], constant(0)))
                emit(.select(d, condition: c, r[1], r[2]))
                return d
            }
        case "dot":
            try arity(2)
            let a = try vector(args[0]), b = try vector(args[1], args[0].type.rows)
            return KernelValue(.float, [dot(a.registers, b.registers)])
        case "length":
            try arity(1)
            let v = try vector(args[0])
            let d = dot(v.registers, v.registers)
            emit(.unary(.sqrt, d, d))
            return KernelValue(.float, [d])
        case "distance":
            try arity(2)
            let a = try vector(args[0]), b = try vector(args[1], args[0].type.rows)
            let difference = zip(a.registers, b.registers).map { x, y -> Int in
                let d = temporary()
                emit(.binary(.subtract, d, x, y))
                return d
            }
            let d = dot(difference, difference)
            emit(.unary(.sqrt, d, d))
            return KernelValue(.float, [d])
        case "normalize":
            try arity(1)
            let v = try vector(args[0])
            let k = dot(v.registers, v.registers)
            emit(.unary(.inverseSqrt, k, k))
            return map(v) { d, a in emit(.binary(.multiply, d, a, k)) }
        case "cross":
            try arity(2)
            let a = try vector(args[0], 3).registers, b = try vector(args[1], 3).registers
            return KernelValue(.vec(3), [(1, 2), (2, 0), (0, 1)].map { i, j in
                let d = temporary(), t = temporary()
                emit(.binary(.multiply, d, a[i], b[j]))
                emit(.binary(.multiply, t, a[j], b[i]))
                emit(.binary(.subtract, d, d, t))
                return d
            })
        case "reflect":
            try arity(2)
            let i = try vector(args[0]), n = try vector(args[1], args[0].type.rows)
            let k = dot(n.registers, i.registers)
            emit(.binary(.multiply, k, k, constant(-2)))
            return KernelValue(i.type, zip(i.registers, n.registers).map { x, y in
                let d = temporary()
                emit(.multiplyAdd(d, k, y, x))
                return d
            })
        case "refract":
            try arity(3)
            let i = try vector(args[0]), n = try vector(args[1], args[0].type.rows), eta = try numeric(args[2])
            guard eta.type.isScalar else { throw KernelCompileError("refract()'s eta must be a float", at: location) }
            let e = eta.registers[0]
            let ni = dot(n.registers, i.registers)
            // k = 1 − η²(1 − (N·I)²)
            let k = temporary(), t = temporary()
            emit(.binary(.multiply, k, ni, ni))
            emit(.binary(.subtract, k, constant(1), k))
            emit(.binary(.multiply, t, e, e))
            emit(.binary(.multiply, k, k, t))
            emit(.binary(.subtract, k, constant(1), k))
            let valid = temporary()
            emit(.binary(.greaterEqual, valid, k, constant(0)))
            emit(.binary(.maximum, k, k, constant(0)))
            emit(.unary(.sqrt, k, k))
            emit(.multiplyAdd(t, e, ni, k))  // η(N·I) + √k
            return KernelValue(i.type, zip(i.registers, n.registers).map { x, y in
                let d = temporary(), u = temporary()
                emit(.binary(.multiply, d, e, x))
                emit(.binary(.multiply, u, t, y))
                emit(.binary(.subtract, d, d, u))
                emit(.select(d, condition: valid, d, constant(0)))
                return d
            })
        case "faceforward":
            try arity(3)
            let n = try vector(args[0]), i = try vector(args[1], n.type.rows), reference = try vector(args[2], n.type.rows)
            let k = dot(reference.registers, i.registers), c = temporary()
            emit(.binary(.less, c, k, constant(0)))
            return map(n) { d, a in
                emit(.unary(.negate, d, a))
                emit(.select(d, condition: c, a, d))
            }
        case "matrixCompMult":
            try arity(2)
            guard args[0].type.isMatrix, args[0].type == args[1].type else { throw KernelCompileError("matrixCompMult() takes two matrices of one size", at: location) }
            return KernelValue(args[0].type, zip(args[0].registers, args[1].registers).map { x, y in
                let d = temporary()
                emit(.binary(.multiply, d, x, y))
                return d
            })
        case "any", "all", "not":
            try arity(1)
            guard args[0].type.scalar == .bool, args[0].type.isVector else { throw KernelCompileError("\(name)() takes a bool vector", at: location) }
            if name == "not" { return map(args[0]) { d, a in emit(.unary(.not, d, a)) } }
            let d = temporary()
            emit(.copy(to: d, from: args[0].registers[0]))
            for r in args[0].registers.dropFirst() { emit(.binary(name == "any" ? .or : .and, d, d, r)) }
            return KernelValue(.bool, [d])
        case "destCoord":
            try arity(0)
            return KernelValue(.vec(2), destinationRegisters())
        case "samplerCoord":
            try arity(1)
            _ = try sampler(args[0])
            return KernelValue(.vec(2), destinationRegisters())
        case "samplerTransform":
            try arity(2)
            _ = try sampler(args[0])
            return try vector(args[1], 2)
        case "samplerExtent", "samplerOrigin", "samplerSize":
            try arity(1)
            let e = extent(of: try sampler(args[0]))
            return name == "samplerExtent" ? KernelValue(.vec(4), e) : KernelValue(.vec(2), name == "samplerOrigin" ? Array(e[0..<2]) : Array(e[2..<4]))
        case "sample":
            try arity(2)
            guard args[0].type == .sampler else { throw KernelCompileError("sample() needs a sampler, not a \(args[0].type)", at: location) }
            let image = try sampler(args[0]), p = try vector(args[1], 2)
            let out = (0..<4).map { _ in temporary() }
            emit(.sample(image: image, x: p.registers[0], y: p.registers[1], out))
            return KernelValue(.vec(4), out)
        case "premultiply", "unpremultiply":
            try arity(1)
            let c = try vector(args[0], 4).registers
            let factor = temporary()
            if name == "premultiply" {
                emit(.copy(to: factor, from: c[3]))
            } else {
                // 1/a, and 1 where a is 0 (a clear pixel stays as it is).
                let isZero = temporary()
                emit(.binary(.equal, isZero, c[3], constant(0)))
                emit(.binary(.divide, factor, constant(1), c[3]))
                emit(.select(factor, condition: isZero, constant(1), factor))
            }
            return KernelValue(.vec(4), (0..<3).map { i in
                let d = temporary()
                emit(.binary(.multiply, d, c[i], factor))
                return d
            } + [c[3]])
        case "cossin", "cossin_":
            try arity(1)
            let x = try numeric(args[0])
            guard x.type.isScalar else { throw KernelCompileError("\(name)() takes a float", at: location) }
            let c = temporary(), s = temporary()
            emit(.unary(.cos, c, x.registers[0]))
            emit(.unary(.sin, s, x.registers[0]))
            return KernelValue(.vec(2), [c, s])
        default:
            return nil
        }
    }

    /// Σ aᵢ·bᵢ into a new temporary.
    func dot(_ a: [Int], _ b: [Int]) -> Int {
        let d = temporary()
        emit(.binary(.multiply, d, a[0], b[0]))
        for (x, y) in zip(a, b).dropFirst() { emit(.multiplyAdd(d, x, y, d)) }
        return d
    }

    /// Applies `body` per component; scalars broadcast to the vectors' size (all vectors must agree).
    func componentwise(_ values: [KernelValue], at location: KernelSourceLocation, _ body: ([Int]) -> Int) throws -> KernelValue {
        let shapes = values.filter { !$0.type.isScalar }.map(\.type)
        let shape = shapes.first ?? values[0].type
        guard shapes.allSatisfy({ $0.rows == shape.rows && $0.columns == shape.columns }) else {
            throw KernelCompileError("arguments of different sizes: \(values.map(\.type.description).joined(separator: ", "))", at: location)
        }
        let registers = (0..<shape.componentCount).map { i in body(values.map { $0.type.isScalar ? $0.registers[0] : $0.registers[i] }) }
        return KernelValue(shape.with(.float), registers)
    }

    /// The lanes' pixel centres (computed once per span).
    func destinationRegisters() -> [Int] {
        if let destination { return destination }
        registerCount += 2
        let registers = [registerCount - 2, registerCount - 1]
        prologue.append(.destinationX(registers[0]))
        prologue.append(.destinationY(registers[1]))
        destination = registers
        return registers
    }

    /// Image `index`'s extent (x, y, width, height), from its uniforms.
    func extent(of image: Int) -> [Int] {
        if let registers = extentRegisters[image] { return registers }
        let registers = (0..<4).map { i -> Int in
            registerCount += 1
            prologue.append(.uniform(registerCount - 1, index: extentUniforms[image] + i))
            return registerCount - 1
        }
        extentRegisters[image] = registers
        return registers
    }
}
