import Foundation

/// A value type of the kernel language: scalars, vectors and matrices of float, int or bool, samplers, void.
struct KernelType: Equatable, Sendable, CustomStringConvertible {
    enum Scalar: Sendable { case float, int, bool }
    enum Kind: Sendable { case value, sampler, void }

    var kind: Kind
    var scalar: Scalar
    /// Components of a vector (1 for scalars); rows of a matrix.
    var rows: Int
    /// Columns of a matrix (1 for scalars and vectors).
    var columns: Int

    static let float = KernelType(kind: .value, scalar: .float, rows: 1, columns: 1)
    static let int = KernelType(kind: .value, scalar: .int, rows: 1, columns: 1)
    static let bool = KernelType(kind: .value, scalar: .bool, rows: 1, columns: 1)
    static let sampler = KernelType(kind: .sampler, scalar: .float, rows: 0, columns: 0)
    static let void = KernelType(kind: .void, scalar: .float, rows: 0, columns: 0)
    static func vector(_ scalar: Scalar, _ n: Int) -> KernelType { KernelType(kind: .value, scalar: scalar, rows: n, columns: 1) }
    static func vec(_ n: Int) -> KernelType { vector(.float, n) }
    static func matrix(_ n: Int) -> KernelType { KernelType(kind: .value, scalar: .float, rows: n, columns: n) }

    /// Floats needed to hold a value (one slot each).
    var componentCount: Int { kind == .value ? rows * columns : 0 }
    var isScalar: Bool { kind == .value && rows == 1 && columns == 1 }
    var isVector: Bool { kind == .value && rows > 1 && columns == 1 }
    var isMatrix: Bool { kind == .value && columns > 1 }
    var isValue: Bool { kind == .value }

    /// The type with the same shape and another scalar kind.
    func with(_ scalar: Scalar) -> KernelType { KernelType(kind: kind, scalar: scalar, rows: rows, columns: columns) }

    /// Type names as written in source (`__sample` and `__color` are `vec4`; `__table` qualifies `sampler`).
    static func named(_ name: String) -> KernelType? {
        switch name {
        case "float": .float
        case "int": .int
        case "bool": .bool
        case "void": .void
        case "sampler", "sampler2D": .sampler
        case "vec2", "vec3", "vec4": .vec(Int(String(name.last!))!)
        case "__sample", "__color": .vec(4)
        case "ivec2", "ivec3", "ivec4": .vector(.int, Int(String(name.last!))!)
        case "bvec2", "bvec3", "bvec4": .vector(.bool, Int(String(name.last!))!)
        case "mat2", "mat3", "mat4": .matrix(Int(String(name.last!))!)
        default: nil
        }
    }

    var description: String {
        switch kind {
        case .sampler: return "sampler"
        case .void: return "void"
        case .value:
            let prefix = scalar == .float ? "" : scalar == .int ? "i" : "b"
            if isMatrix { return "mat\(rows)" }
            if rows == 1 { return scalar == .float ? "float" : scalar == .int ? "int" : "bool" }
            return "\(prefix)vec\(rows)"
        }
    }
}

/// An expression of kernel source.
final class KernelExpression: Sendable {
    indirect enum Kind: Sendable {
        case number(Double, isInteger: Bool)
        case boolean(Bool)
        case identifier(String)
        /// `-x`, `+x`, `!x`.
        case unary(String, KernelExpression)
        /// `++x` / `--x` (`isPrefix`) or `x++` / `x--`.
        case increment(String, KernelExpression, isPrefix: Bool)
        case binary(String, KernelExpression, KernelExpression)
        /// `=`, `+=`, `-=`, `*=`, `/=`.
        case assignment(String, KernelExpression, KernelExpression)
        case conditional(KernelExpression, KernelExpression, KernelExpression)
        /// Function calls and constructors (`vec4(…)`).
        case call(String, [KernelExpression])
        /// Swizzles: `v.xy`, `c.rgb`.
        case member(KernelExpression, String)
        case index(KernelExpression, KernelExpression)
    }
    let kind: Kind
    let location: KernelSourceLocation
    init(_ kind: Kind, at location: KernelSourceLocation) { (self.kind, self.location) = (kind, location) }
}

/// A statement of kernel source.
indirect enum KernelStatement: Sendable {
    /// `type name[N]` declares a local array of N elements (`arrayCount`), without an initializer.
    case declaration(KernelType, [(name: String, arrayCount: Int?, initializer: KernelExpression?, location: KernelSourceLocation)], isConstant: Bool)
    case expression(KernelExpression)
    case block([KernelStatement])
    case conditional(KernelExpression, KernelStatement, KernelStatement?)
    case loop(initializer: KernelStatement?, condition: KernelExpression?, step: KernelExpression?, body: KernelStatement,
              testsFirst: Bool, location: KernelSourceLocation)
    case returnValue(KernelExpression?, KernelSourceLocation)
    case breakLoop(KernelSourceLocation)
    case continueLoop(KernelSourceLocation)
    case empty

    /// Whether a `return` appears anywhere inside.
    var containsReturn: Bool {
        switch self {
        case .returnValue: true
        case .block(let statements): statements.contains { $0.containsReturn }
        case .conditional(_, let a, let b): a.containsReturn || (b?.containsReturn ?? false)
        case .loop(let initializer, _, _, let body, _, _): (initializer?.containsReturn ?? false) || body.containsReturn
        default: false
        }
    }

    /// Whether a `break` or `continue` of this loop level appears inside (not counting nested loops).
    var containsLoopExit: Bool {
        switch self {
        case .breakLoop, .continueLoop: true
        case .block(let statements): statements.contains { $0.containsLoopExit }
        case .conditional(_, let a, let b): a.containsLoopExit || (b?.containsLoopExit ?? false)
        default: false
        }
    }
}

/// A parameter of a kernel or helper function.
struct KernelParameter: Sendable {
    enum Role: Sendable { case value, sample, color, sampler, table }
    enum Direction: Sendable { case input, output, inputOutput }
    let name: String
    let type: KernelType
    let role: Role
    let direction: Direction
    let location: KernelSourceLocation
}

/// A function of kernel source: a `kernel` or a helper it calls.
struct KernelFunction: Sendable {
    let name: String
    let returnType: KernelType
    let parameters: [KernelParameter]
    let body: [KernelStatement]
    let isKernel: Bool
    /// The `outputFormat` attribute's format name (`kCIFormatRh`, …), if given.
    let outputFormatName: String?
    let location: KernelSourceLocation
}
