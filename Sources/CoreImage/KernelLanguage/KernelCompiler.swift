import Foundation

/// A value during compilation: its type and the registers holding its components (column-major for
/// matrices), or the image a sampler stands for.
struct KernelValue {
    var type: KernelType
    var registers: [Int]
    var image: Int?
    /// For a local array: each element's registers (`type` is the element type; `registers` is empty).
    var elements: [[Int]]?

    init(_ type: KernelType, _ registers: [Int]) { (self.type, self.registers, self.image) = (type, registers, nil) }
    init(sampler image: Int) { (type, registers, self.image) = (.sampler, [], image) }
}

/// Compiles one kernel function (and, inlined into it, every helper it calls) to a `SpanProgram`: types are
/// checked, vectors and matrices become per-component register operations, and control flow that may differ
/// between pixels runs under lane masks (see `SpanProgram`).
final class KernelCompiler {
    struct Variable {
        var value: KernelValue
        var isConstant: Bool
    }

    struct Scope {
        var names: [String: Variable] = [:]
        var registers: [Int] = []
    }

    struct Loop {
        var active: Int
        var iteration: Int?
    }

    /// One function being compiled (the kernel, or a helper inlined into it).
    struct Frame {
        var name: String
        var returnType: KernelType
        var result: [Int]
        /// Lanes that have not returned yet (only when the function returns from inside control flow).
        var running: Int?
        var scopes: [Scope] = [Scope()]
        var loops: [Loop] = []
        /// Set after a `return`/`break`/`continue` that every active lane takes: the rest of the block is dead.
        var exited = false
    }

    let functions: [String: [KernelFunction]]
    var prologue: [SpanProgram.Operation] = []
    var blocks: [[SpanProgram.Operation]] = [[]]
    var registerCount = 0
    var free: [Int] = []
    var temporaries: [[Int]] = [[]]
    var frames: [Frame] = []
    /// Lanes the code being compiled runs for; `nil` = every lane of the span.
    var mask: Int?
    var constants: [Float: Int] = [:]
    var uniformCount = 0
    var extentUniforms: [Int] = []
    var destination: [Int]?
    var extentRegisters: [Int: [Int]] = [:]
    var oneRegister: Int { constant(1) }

    init(functions: [KernelFunction]) {
        self.functions = Dictionary(grouping: functions, by: \.name)
    }

    // MARK: Kernels

    func compile(kernel: KernelFunction) throws -> CompiledKernel {
        let kind: CompiledKernel.Kind
        let hasSampler = kernel.parameters.contains { $0.role == .sampler || $0.role == .table }
        if kernel.returnType == .vec(2) {
            guard !kernel.parameters.contains(where: { $0.role != .value }) else {
                throw KernelCompileError("a warp kernel (returning vec2) cannot take images", at: kernel.location)
            }
            kind = .warp
        } else if kernel.returnType == .vec(4) {
            kind = hasSampler ? .general : .color
            if hasSampler, let p = kernel.parameters.first(where: { $0.role == .sample }) {
                throw KernelCompileError("'\(p.name)': a kernel with sampler parameters cannot also take __sample ones", at: p.location)
            }
        } else {
            throw KernelCompileError("kernel '\(kernel.name)' must return vec4 (or vec2 for a warp kernel), not \(kernel.returnType)",
                                     at: kernel.location)
        }
        var frame = Frame(name: kernel.name, returnType: kernel.returnType, result: [])
        var bindings: [CompiledKernel.Binding] = [], images = 0
        for parameter in kernel.parameters {
            guard parameter.direction == .input else {
                throw KernelCompileError("kernel parameter '\(parameter.name)' cannot be out or inout", at: parameter.location)
            }
            var value: KernelValue
            switch parameter.role {
            case .value, .color:
                guard parameter.type.scalar != .bool || parameter.type.isScalar, !parameter.type.isMatrix else {
                    throw KernelCompileError("kernel parameter '\(parameter.name)' has a type an argument cannot give (\(parameter.type))", at: parameter.location)
                }
                let registers = (0..<parameter.type.componentCount).map { i -> Int in
                    let r = newRegister()
                    prologue.append(.uniform(r, index: uniformCount + i))
                    return r
                }
                bindings.append(.value(uniform: uniformCount, count: registers.count, role: parameter.role))
                uniformCount += registers.count
                value = KernelValue(parameter.type, registers)
            case .sample:
                let registers = (0..<4).map { _ in newRegister() }
                prologue.append(.load(image: images, registers))
                bindings.append(.image(index: images, role: .sample))
                value = KernelValue(.vec(4), registers)
                value.image = images  // samplerCoord() and samplerExtent() accept a __sample too
                images += 1
            case .sampler, .table:
                bindings.append(.image(index: images, role: parameter.role))
                value = KernelValue(sampler: images)
                images += 1
            }
            guard frame.scopes[0].names[parameter.name] == nil else {
                throw KernelCompileError("parameter '\(parameter.name)' is declared twice", at: parameter.location)
            }
            frame.scopes[0].names[parameter.name] = Variable(value: value, isConstant: false)
        }
        for _ in 0..<images {
            extentUniforms.append(uniformCount)
            uniformCount += 4
        }
        frame.result = (0..<kernel.returnType.componentCount).map { _ in newRegister() }
        try run(kernel, in: frame)
        let format = try outputFormat(kernel)
        let program = SpanProgram(operations: prologue + blocks[0], registerCount: registerCount)
        return CompiledKernel(name: kernel.name, kind: kind, parameters: kernel.parameters, bindings: bindings, program: program,
                              output: frame.result, uniformCount: uniformCount, imageCount: images, extentUniforms: extentUniforms,
                              outputFormat: format)
    }

    private func outputFormat(_ kernel: KernelFunction) throws -> CIFormat {
        guard let name = kernel.outputFormatName else { return CIFormat(rawValue: 0) }
        let formats: [String: CIFormat] = [
            "kCIFormatRGBAh": .RGBAh, "kCIFormatRGBAf": .RGBAf, "kCIFormatRGBA8": .RGBA8, "kCIFormatBGRA8": .BGRA8,
            "kCIFormatRh": .Rh, "kCIFormatRf": .Rf, "kCIFormatR8": .R8, "kCIFormatRGh": .RGh, "kCIFormatRGf": .RGf,
            "kCIFormatRG8": .RG8, "kCIFormatAh": .Ah, "kCIFormatAf": .Af, "kCIFormatA8": .A8, "kCIFormatRGBA16": .RGBA16,
            "kCIFormatR16": .R16, "kCIFormatRG16": .RG16, "kCIFormatLh": .Lh, "kCIFormatLf": .Lf, "kCIFormatL8": .L8,
        ]
        guard let format = formats[name] else { throw KernelCompileError("unknown output format '\(name)'", at: kernel.location) }
        return format
    }

    /// Compiles a function body in `frame` (pushed for the duration) into the current block.
    func run(_ function: KernelFunction, in frame: Frame, finishing: ((Frame) throws -> Void)? = nil) throws {
        var frame = frame
        let needsRunning = function.body.dropLast().contains { $0.containsReturn }
            || (function.body.last.map { statement -> Bool in
                if case .returnValue = statement { return false }
                return statement.containsReturn
            } ?? false)
        if needsRunning {
            let running = newRegister()
            emit(.copy(to: running, from: mask ?? oneRegister))
            for r in frame.result { emit(.constant(r, 0)) }
            frame.running = running
            frame.scopes[0].registers.append(running)
        }
        frames.append(frame)
        defer {
            let finished = frames.removeLast()
            for scope in finished.scopes { free += scope.registers }
        }
        try compileBlock(function.body)
        if function.returnType != .void, !function.body.contains(where: { $0.containsReturn }) {
            throw KernelCompileError("function '\(function.name)' must return a \(function.returnType)", at: function.location)
        }
        try finishing?(self.frame)
    }

    // MARK: Registers and operations

    func newRegister() -> Int {
        if let r = free.popLast() { return r }
        registerCount += 1
        return registerCount - 1
    }

    /// A register freed when the statement being compiled ends.
    func temporary() -> Int {
        let r = newRegister()
        temporaries[temporaries.count - 1].append(r)
        return r
    }

    func emit(_ operation: SpanProgram.Operation) { blocks[blocks.count - 1].append(operation) }

    /// A register holding `value` in every lane (filled once per span, before the body).
    func constant(_ value: Float) -> Int {
        if let r = constants[value] { return r }
        registerCount += 1
        let r = registerCount - 1
        prologue.append(.constant(r, value))
        constants[value] = r
        return r
    }

    var frame: Frame {
        get { frames[frames.count - 1] }
        set { frames[frames.count - 1] = newValue }
    }

    /// A register live until the innermost scope ends.
    func scoped() -> Int {
        let r = newRegister()
        frame.scopes[frame.scopes.count - 1].registers.append(r)
        return r
    }

    func pushScope() { frame.scopes.append(Scope()) }
    func popScope() { free += frame.scopes.removeLast().registers }

    func lookup(_ name: String) -> Variable? {
        for scope in frame.scopes.reversed() { if let v = scope.names[name] { return v } }
        return nil
    }

    /// Compiles ops into a separate list (for `when` and `loop` bodies).
    func collect(_ body: () throws -> Void) rethrows -> [SpanProgram.Operation] {
        blocks.append([])
        try body()
        return blocks.removeLast()
    }

    /// `a ∧ b` over lanes, `nil` standing for every lane.
    func and(_ a: Int?, _ b: Int?, into target: Int? = nil) -> Int? {
        guard let a else { return b }
        guard let b else { return a }
        let d = target ?? temporary()
        emit(.binary(.and, d, a, b))
        return d
    }

    /// The mask for code after a statement that may have returned, broken or continued for some lanes.
    func refreshedMask(from base: Int?) -> Int? {
        var m = base
        m = and(m, frame.running)
        if let loop = frame.loops.last {
            m = and(m, loop.active)
            m = and(m, loop.iteration)
        }
        return m
    }

    // MARK: Statements

    func compileBlock(_ statements: [KernelStatement]) throws {
        let base = mask
        for statement in statements {
            guard !frame.exited else { break }
            try compile(statement)
            if statement.containsReturn || statement.containsLoopExit, !frame.exited {
                mask = refreshedMask(from: base)
            }
        }
    }

    func compile(_ statement: KernelStatement) throws {
        temporaries.append([])
        defer { free += temporaries.removeLast() }
        switch statement {
        case .empty: break
        case .expression(let e): _ = try expression(e)
        case .declaration(let type, let names, let isConstant):
            for (name, arrayCount, initializer, location) in names {
                if frame.scopes[frame.scopes.count - 1].names[name] != nil {
                    throw KernelCompileError("'\(name)' is already declared in this scope", at: location)
                }
                if KernelType.named(name) != nil {
                    throw KernelCompileError("'\(name)' is a reserved name", at: location)
                }
                if let arrayCount {
                    let elements = (0..<arrayCount).map { _ in (0..<type.componentCount).map { _ in scoped() } }
                    for r in elements.joined() { emit(.copy(to: r, from: constant(0))) }
                    var value = KernelValue(type, [])
                    value.elements = elements
                    frame.scopes[frame.scopes.count - 1].names[name] = Variable(value: value, isConstant: isConstant)
                    continue
                }
                let registers = (0..<type.componentCount).map { _ in scoped() }
                if let initializer {
                    let value = try convert(try expression(initializer), to: type, at: initializer.location)
                    copy(value.registers, to: registers)
                } else {
                    for r in registers { emit(.copy(to: r, from: constant(0))) }
                }
                frame.scopes[frame.scopes.count - 1].names[name] = Variable(value: KernelValue(type, registers), isConstant: isConstant)
            }
        case .block(let statements):
            pushScope()
            defer { popScope() }
            let exited = frame.exited
            try compileBlock(statements)
            frame.exited = exited || frame.exited
        case .conditional(let condition, let then, let otherwise):
            try compileConditional(condition, then, otherwise)
        case .loop(let initializer, let condition, let step, let body, let testsFirst, let location):
            try compileLoop(initializer, condition, step, body, testsFirst: testsFirst, at: location)
        case .returnValue(let value, let location):
            try compileReturn(value, at: location)
        case .breakLoop(let location):
            guard let loop = frame.loops.last else { throw KernelCompileError("'break' outside a loop", at: location) }
            let taking = mask ?? oneRegister
            let notTaking = temporary()
            emit(.unary(.not, notTaking, taking))
            emit(.binary(.and, loop.active, loop.active, notTaking))
            if mask == nil { frame.exited = true }
        case .continueLoop(let location):
            guard let loop = frame.loops.last else { throw KernelCompileError("'continue' outside a loop", at: location) }
            if let iteration = loop.iteration {
                let notTaking = temporary()
                emit(.unary(.not, notTaking, mask ?? oneRegister))
                emit(.binary(.and, iteration, iteration, notTaking))
            }
            if mask == nil { frame.exited = true }
        }
    }

    private func compileConditional(_ condition: KernelExpression, _ then: KernelStatement, _ otherwise: KernelStatement?) throws {
        let c = try self.condition(condition)
        let base = mask
        let thenMask = and(base, c.registers[0]) ?? c.registers[0]
        var elseMask: Int?
        if otherwise != nil {
            let notC = temporary()
            emit(.unary(.not, notC, c.registers[0]))
            elseMask = and(base, notC) ?? notC
        }
        let outerExited = frame.exited
        for (branch, branchMask) in [(then, thenMask), (otherwise, elseMask)] {
            guard let branch, let branchMask else { continue }
            mask = branchMask
            let body = try collect {
                pushScope()
                defer { popScope() }
                try compile(branch)
            }
            frame.exited = outerExited
            emit(.when(mask: branchMask, body))
        }
        mask = base
    }

    private func compileLoop(_ initializer: KernelStatement?, _ condition: KernelExpression?, _ step: KernelExpression?,
                             _ body: KernelStatement, testsFirst: Bool, at location: KernelSourceLocation) throws {
        pushScope()
        defer { popScope() }
        if let initializer { try compile(initializer) }
        let base = mask
        let active = scoped()
        emit(.copy(to: active, from: base ?? oneRegister))
        let iteration = body.containsLoopExit ? scoped() : nil
        let conditionOps = try collect {
            guard testsFirst, let condition else { return }
            temporaries.append([])
            defer { free += temporaries.removeLast() }
            let c = try self.condition(condition)
            emit(.binary(.and, active, active, c.registers[0]))
        }
        let bodyOps = try collect {
            frame.loops.append(Loop(active: active, iteration: iteration))
            if let iteration { emit(.copy(to: iteration, from: active)) }
            mask = active
            pushScope()
            do {
                defer { popScope() }
                try compile(body)
            }
            frame.exited = false
            frame.loops.removeLast()
            if body.containsReturn, let running = frame.running { emit(.binary(.and, active, active, running)) }
            mask = active
            temporaries.append([])
            defer { free += temporaries.removeLast() }
            if let step { _ = try expression(step) }
            if !testsFirst, let condition {
                let c = try self.condition(condition)
                emit(.binary(.and, active, active, c.registers[0]))
            }
        }
        emit(.loop(condition: conditionOps, active: active, body: bodyOps))
        mask = base
    }

    private func compileReturn(_ value: KernelExpression?, at location: KernelSourceLocation) throws {
        let type = frame.returnType
        var registers: [Int] = []
        if let value {
            guard type != .void else { throw KernelCompileError("'\(frame.name)' returns void, not a value", at: location) }
            registers = try convert(try expression(value), to: type, at: value.location).registers
        } else if type != .void {
            throw KernelCompileError("'\(frame.name)' must return a \(type)", at: location)
        }
        if let running = frame.running {
            let taking = mask ?? running
            for (d, s) in zip(frame.result, registers) { emit(.select(d, condition: taking, s, d)) }
            let notTaking = temporary()
            emit(.unary(.not, notTaking, taking))
            emit(.binary(.and, running, running, notTaking))
            for loop in frame.loops { emit(.binary(.and, loop.active, loop.active, notTaking)) }
        } else {
            copy(registers, to: frame.result)
        }
        if mask == nil || frame.running == nil { frame.exited = true }
    }

    /// Copies registers (unmasked: for fresh variables and results).
    func copy(_ source: [Int], to target: [Int]) {
        for (s, d) in zip(source, target) where s != d { emit(.copy(to: d, from: s)) }
    }
}
