import Foundation

/// A kernel-language kernel compiled to a `SpanProgram`, with how `apply`'s arguments bind to it.
/// Immutable and thread-safe.
final class CompiledKernel: Sendable {
    /// What Core Image calls the kernel by its signature: a colour kernel returns `vec4` from `__sample`s and
    /// values; a warp kernel returns the `vec2` position to sample; a general kernel samples `sampler`s anywhere.
    enum Kind: Sendable { case color, warp, general }

    /// Where one parameter's argument goes.
    enum Binding: Sendable {
        /// Numbers, vectors or a colour, into consecutive uniforms.
        case value(uniform: Int, count: Int, role: KernelParameter.Role)
        /// An image: argument image `index` (in order among the images).
        case image(index: Int, role: KernelParameter.Role)
    }

    let name: String
    let kind: Kind
    let parameters: [KernelParameter]
    let bindings: [Binding]
    let program: SpanProgram
    /// Registers holding the result (4 for `vec4`, 2 for a warp's `vec2`).
    let output: [Int]
    let uniformCount: Int
    let imageCount: Int
    /// Per image, the first of the four uniforms holding its extent (x, y, width, height).
    let extentUniforms: [Int]
    let outputFormat: CIFormat

    init(name: String, kind: Kind, parameters: [KernelParameter], bindings: [Binding], program: SpanProgram, output: [Int],
         uniformCount: Int, imageCount: Int, extentUniforms: [Int], outputFormat: CIFormat) {
        (self.name, self.kind, self.parameters, self.bindings, self.program, self.output) = (name, kind, parameters, bindings, program, output)
        (self.uniformCount, self.imageCount, self.extentUniforms, self.outputFormat) = (uniformCount, imageCount, extentUniforms, outputFormat)
    }

    /// Two `__sample` parameters and nothing else: what `CIBlendKernel` accepts.
    var isBlend: Bool { kind == .color && parameters.count == 2 && parameters.allSatisfy { $0.role == .sample } }

    /// Compiles every `kernel` function of `source` (helpers are inlined into each). Throws the first error.
    static func compileAll(_ source: String) throws -> [CompiledKernel] {
        var parser = try KernelParser(source: source)
        let functions = try parser.functions()
        let kernels = functions.filter(\.isKernel)
        guard !kernels.isEmpty else {
            throw KernelCompileError("no kernel function (a function declared with 'kernel')", at: KernelSourceLocation(line: 1, column: 1))
        }
        return try kernels.map { try KernelCompiler(functions: functions).compile(kernel: $0) }
    }
}

/// Compile errors are logged, as Core Image logs them, and the initialiser returns `nil`.
enum KernelCompileLog {
    static func report(_ error: Error, in function: String) {
        FileHandle.standardError.write(Data("[CIKernel \(function)] kernel source failed to compile: \(error)\n".utf8))
    }
}

extension CIKernel {
    /// For a kernel-language kernel, what each parameter takes, in order: `image`, `float`, `int`, `bool`,
    /// `vec2`…`vec4`, `color`; `nil` for closure kernels. For diagnostics and the fuzzer, which builds arguments.
    package var languageParameterKinds: [String]? {
        compiled?.parameters.map { parameter in
            switch parameter.role {
            case .sample, .sampler, .table: "image"
            case .color: "color"
            case .value: parameter.type.description
            }
        }
    }
}
