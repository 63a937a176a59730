internal import CPixelKernels

/// A program instruction with its reference-counted values taken out, for the span loop (`ProgramStage.execute`):
/// operations' matrices and curve tables copied into plain memory beside the tile, kernels referred to by their
/// slot in a buffer prepared with the steps. Spans then run without touching a reference count: matching an
/// instruction that holds a curve retained and released its four arrays and name for every span it ran on.
enum PreparedStep {
    case load(leaf: Int, register: Int)
    case generate(kernel: Int, register: Int)
    case operation(PreparedOperation, register: Int)
    /// Inputs beyond `inputCount` are unused.
    case kernel(kernel: Int, register: Int, inputs: (Int, Int, Int), inputCount: Int)
    case copy(from: Int, to: Int)
    case crop(PixelRect, register: Int)

    /// Floats of plain memory the preparation of `instructions` copies (see `prepare`).
    static func storageFloats(_ instructions: UnsafeBufferPointer<ProgramStage.Instruction>) -> Int {
        instructions.reduce(0) { total, instruction in
            if case .operation(let operation, _) = instruction { return total + PreparedOperation.floats(for: operation) }
            return total
        }
    }

    /// Fills `steps` (one per instruction, uninitialized) and `kernels` (one slot per instruction, uninitialized;
    /// the slots of kernel and generator instructions are initialized, the caller deinitializes them), copying
    /// operations' data into `storage` (at least `storageFloats` floats).
    static func prepare(_ instructions: UnsafeBufferPointer<ProgramStage.Instruction>, into steps: UnsafeMutableBufferPointer<PreparedStep>,
                        kernels: UnsafeMutableBufferPointer<any PixelKernel>, storage: UnsafeMutablePointer<Float>) {
        var next = storage
        for (index, instruction) in instructions.enumerated() {
            let step: PreparedStep
            switch instruction {
            case .load(let leaf, let r): step = .load(leaf: leaf, register: r)
            case .generate(let kernel, let r):
                kernels.initializeElement(at: index, to: kernel)
                step = .generate(kernel: index, register: r)
            case .operation(let operation, let r):
                step = .operation(PreparedOperation(operation, storage: next), register: r)
                next += PreparedOperation.floats(for: operation)
            case .kernel(let kernel, let r, let inputs):
                kernels.initializeElement(at: index, to: kernel)
                step = .kernel(kernel: index, register: r, inputs: (inputs.count > 0 ? inputs[0] : 0, inputs.count > 1 ? inputs[1] : 0,
                                                                   inputs.count > 2 ? inputs[2] : 0), inputCount: min(inputs.count, 3))
            case .copy(let from, let to): step = .copy(from: from, to: to)
            case .crop(let keep, let r): step = .crop(keep, register: r)
            }
            steps.initializeElement(at: index, to: step)
        }
    }

    /// Whether the instruction at `index` put a kernel in its slot (for deinitializing the slots).
    var holdsKernel: Bool {
        switch self {
        case .generate, .kernel: true
        default: false
        }
    }
}

/// A tone curve as `pk_ci_curve` takes it: plain pointers to its table and parametric parameters, and its flags.
/// Valid while the memory it points to is (the curve's arrays inside `ToneCurve.withArguments`, or a copy).
struct CurveArguments {
    let table: UnsafePointer<Float>
    let size: Int32
    let parameters: UnsafePointer<Float>
    let extended: Int32
    let inverse: Int32
    let channels: Int32

    init(_ curve: ToneCurve, table: UnsafePointer<Float>, parameters: UnsafePointer<Float>) {
        (self.table, self.size, self.parameters) = (table, Int32(curve.table.count), parameters)
        (extended, inverse, channels) = (curve.extended ? 1 : 0, curve.inverse ? 1 : 0, curve.channels)
    }

    func apply(_ pixels: UnsafeMutablePointer<Float>, count: Int) {
        pk_ci_curve(pixels, count, table, size, parameters, extended, inverse, channels)
    }
}

extension ToneCurve {
    /// Calls `body` with the curve's arguments pointing into its own arrays.
    func withArguments<R>(_ body: (CurveArguments) -> R) -> R {
        table.withUnsafeBufferPointer { t in
            parameters.withUnsafeBufferPointer { p in body(CurveArguments(self, table: t.baseAddress!, parameters: p.baseAddress!)) }
        }
    }
}

/// A `PixelOperation` over plain memory: the same C kernel with the same arguments.
struct PreparedOperation {
    enum Kind { case matrix, curve, clamp, premultiply, unpremultiply }
    let kind: Kind
    /// The matrix (16 coefficients, 4 biases) or the clamp's bounds (low then high).
    let data: UnsafePointer<Float>?
    /// The curve, its table and parameters copied.
    let curve: CurveArguments?

    /// Floats of `operation`'s data.
    static func floats(for operation: PixelOperation) -> Int {
        switch operation {
        case .matrix(let m): m.storage.count
        case .curve(let curve): curve.table.count + curve.parameters.count
        case .clamp: 8
        case .premultiply, .unpremultiply: 0
        }
    }

    /// `operation` with its data copied to `storage` (`floats(for:)` floats).
    init(_ operation: PixelOperation, storage: UnsafeMutablePointer<Float>) {
        var (kind, curve) = (Kind.premultiply, CurveArguments?.none)
        switch operation {
        case .matrix(let m):
            kind = .matrix
            m.storage.withUnsafeBufferPointer { storage.update(from: $0.baseAddress!, count: $0.count) }
        case .curve(let tone):
            kind = .curve
            tone.table.withUnsafeBufferPointer { storage.update(from: $0.baseAddress!, count: $0.count) }
            tone.parameters.withUnsafeBufferPointer { (storage + tone.table.count).update(from: $0.baseAddress!, count: $0.count) }
            curve = CurveArguments(tone, table: storage, parameters: storage + tone.table.count)
        case .clamp(let lo, let hi):
            kind = .clamp
            for i in 0..<4 { storage[i] = lo[i]; storage[4 + i] = hi[i] }
        case .premultiply: kind = .premultiply
        case .unpremultiply: kind = .unpremultiply
        }
        (self.kind, self.data, self.curve) = (kind, UnsafePointer(storage), curve)
    }

    func apply(_ pixels: UnsafeMutablePointer<Float>, count: Int) {
        switch kind {
        case .matrix: pk_ci_matrix(pixels, count, data)
        case .curve: curve!.apply(pixels, count: count)
        case .clamp: pk_ci_clamp(pixels, count, data, data! + 4)
        case .premultiply: pk_ci_premultiply(pixels, count)
        case .unpremultiply: pk_ci_unpremultiply(pixels, count)
        }
    }
}
