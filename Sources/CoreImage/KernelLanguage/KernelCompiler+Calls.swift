import Foundation

extension KernelCompiler {
    /// A call: a constructor, a function of the source (inlined), or a built-in.
    func call(_ name: String, _ arguments: [KernelExpression], at location: KernelSourceLocation) throws -> KernelValue {
        if let type = KernelType.named(name), type.isValue {
            return try construct(type, try arguments.map { try expression($0) }, at: location)
        }
        if let overloads = functions[name] {
            return try inline(name, overloads, arguments, at: location)
        }
        let values = try arguments.map { try expression($0) }
        if let value = try builtin(name, values, at: location) { return value }
        throw KernelCompileError("unknown function '\(name)'", at: location)
    }

    /// `vec3(x)`, `vec4(rgb, a)`, `float(i)`, `mat2(a, b, c, d)`, `mat3(1.0)`…
    func construct(_ type: KernelType, _ values: [KernelValue], at location: KernelSourceLocation) throws -> KernelValue {
        guard !values.isEmpty, values.allSatisfy({ $0.type.isValue }) else {
            throw KernelCompileError("\(type)(…) needs values", at: location)
        }
        let n = type.componentCount
        if values.count == 1, values[0].type.isScalar {
            let r = cast(values[0].registers[0], from: values[0].type.scalar, to: type.scalar)
            if type.isMatrix {
                let zero = constant(0)
                return KernelValue(type, (0..<n).map { i in i / type.rows == i % type.rows ? r : zero })
            }
            return KernelValue(type, Array(repeating: r, count: n))
        }
        if values.count == 1, values[0].type.isMatrix, type.isMatrix {
            let m = values[0], k = m.type.rows
            let zero = constant(0), one = constant(1)
            return KernelValue(type, (0..<n).map { i in
                let c = i / type.rows, r = i % type.rows
                return c < k && r < k ? m.registers[c * k + r] : (c == r ? one : zero)
            })
        }
        var components: [Int] = []
        for v in values {
            guard components.count < n else { throw KernelCompileError("too many values for \(type)(…)", at: location) }
            components += v.registers.map { cast($0, from: v.type.scalar, to: type.scalar) }
        }
        guard components.count >= n else { throw KernelCompileError("not enough values for \(type)(…)", at: location) }
        return KernelValue(type, Array(components.prefix(n)))
    }

    /// Inlines a function of the source: arguments are copied into its parameters; `out`/`inout` parameters
    /// are copied back, in the caller's active lanes.
    private func inline(_ name: String, _ overloads: [KernelFunction], _ arguments: [KernelExpression],
                        at location: KernelSourceLocation) throws -> KernelValue {
        guard !frames.contains(where: { $0.name == name }) else {
            throw KernelCompileError("'\(name)' calls itself; recursion is not supported by Core Image kernels", at: location)
        }
        guard frames.count < 64 else { throw KernelCompileError("calls nest too deeply", at: location) }
        let values = try arguments.map { try expression($0) }
        let candidates = overloads.filter { $0.parameters.count == values.count }
        guard let function = candidates.first(where: { f in zip(f.parameters, values).allSatisfy { $0.type == $1.type } })
                ?? candidates.first(where: { f in zip(f.parameters, values).allSatisfy { p, v in (try? convert(v, to: p.type, at: location)) != nil } })
        else {
            throw KernelCompileError("no '\(name)' takes (\(values.map(\.type.description).joined(separator: ", ")))", at: location)
        }
        var places: [KernelPlace?] = []
        var frame = Frame(name: name, returnType: function.returnType, result: (0..<function.returnType.componentCount).map { _ in temporary() })
        for ((parameter, value), argument) in zip(zip(function.parameters, values), arguments) {
            if parameter.type == .sampler {
                guard value.type == .sampler else { throw KernelCompileError("'\(parameter.name)' needs a sampler", at: argument.location) }
                frame.scopes[0].names[parameter.name] = Variable(value: value, isConstant: false)
                places.append(nil)
                continue
            }
            let registers = (0..<parameter.type.componentCount).map { _ in newRegister() }
            frame.scopes[0].registers += registers
            if parameter.direction != .output {
                copy(try convert(value, to: parameter.type, at: argument.location).registers, to: registers)
            } else {
                for r in registers { emit(.copy(to: r, from: constant(0))) }
            }
            frame.scopes[0].names[parameter.name] = Variable(value: KernelValue(parameter.type, registers), isConstant: false)
            places.append(parameter.direction == .input ? nil : try place(argument))
        }
        let outputs = zip(function.parameters, places).compactMap { p, place in place.map { (p.name, $0) } }
        let callerMask = mask
        try run(function, in: frame, finishing: { callee in
            // Outputs are copied back before the callee's registers are freed, in the lanes that made the call.
            self.mask = callerMask
            for (name, place) in outputs { if let v = callee.scopes[0].names[name]?.value { self.store(v, in: place) } }
        })
        mask = callerMask
        return KernelValue(function.returnType, frame.result)
    }
}
