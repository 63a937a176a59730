import Foundation

/// What compiled kernel-language code runs: operations over *lanes* — one lane per output pixel of a span
/// (up to `SpanProgram.width` pixels in a row) — each reading and writing whole registers of lane values.
/// Interpretation costs one dispatch per operation per span, not per pixel, and every operation is a plain
/// loop the optimiser vectorises. Control flow that differs between pixels runs under masks: both sides of
/// an `if` run (each skipped when no lane takes it) and results are selected per lane.
struct SpanProgram: Sendable {
    /// Lanes per span (the engine's fused span width).
    static let width = 256
    /// Iterations after which a loop stops (kernel loops are meant to have small constant bounds; this keeps a
    /// runaway loop from hanging a render, as does a render's deadline or cancellation).
    static let maximumIterations = 1 << 16

    enum Unary: Sendable {
        case negate, abs, floor, ceil, fract, sqrt, inverseSqrt, sin, cos, tan, asin, acos, atan, exp, exp2, log, log2, sign, not
        case truncate, round
    }

    enum Binary: Sendable {
        case add, subtract, multiply, divide, power, minimum, maximum, modulo, arcTangent2, step
        case less, lessEqual, greater, greaterEqual, equal, notEqual, and, or, exclusiveOr
    }

    indirect enum Operation: Sendable {
        case constant(Int, Float)
        /// Register ← uniform value (a kernel argument) `index`.
        case uniform(Int, index: Int)
        /// Register ← the lanes' pixel-centre x / y.
        case destinationX(Int)
        case destinationY(Int)
        case copy(to: Int, from: Int)
        case unary(Unary, Int, Int)
        case binary(Binary, Int, Int, Int)
        /// d = a · b + c.
        case multiplyAdd(Int, Int, Int, Int)
        /// d = condition ≠ 0 ? a : b.
        case select(Int, condition: Int, Int, Int)
        /// Four registers ← the `__sample` of image argument `image` at each lane's pixel.
        case load(image: Int, [Int])
        /// Four registers ← image argument `image` sampled at (x, y) per lane.
        case sample(image: Int, x: Int, y: Int, [Int])
        /// Runs `body` only when some lane of `mask` is set.
        case when(mask: Int, [Operation])
        /// Runs `condition`, stops when no lane of `active` is set, runs `body`, and again.
        case loop(condition: [Operation], active: Int, body: [Operation])
    }

    let operations: [Operation]
    let registerCount: Int
}

/// Runs a `SpanProgram` over one span: registers in `memory` (`registerCount × SpanProgram.width` floats).
struct SpanMachine {
    let memory: UnsafeMutablePointer<Float>
    let count: Int
    let x: Int
    let y: Int
    let uniforms: UnsafeBufferPointer<Float>
    /// Loads image `index`'s `__sample`s for the span into four registers.
    let load: (_ index: Int, _ into: [UnsafeMutablePointer<Float>], _ count: Int) -> Void
    /// Samples image `index` at per-lane positions into four registers.
    let sample: (_ index: Int, _ x: UnsafePointer<Float>, _ y: UnsafePointer<Float>, _ into: [UnsafeMutablePointer<Float>], _ count: Int) -> Void

    @inline(__always) func register(_ r: Int) -> UnsafeMutablePointer<Float> { memory + r * SpanProgram.width }

    /// Set once the render is due to stop (deadline, cancel): every loop of this span then ends at once.
    var stopped = false

    mutating func run(_ operations: [SpanProgram.Operation]) {
        let n = count
        for operation in operations {
            switch operation {
            case .constant(let d, let value): register(d).update(repeating: value, count: n)
            case .uniform(let d, let index): register(d).update(repeating: index < uniforms.count ? uniforms[index] : 0, count: n)
            case .destinationX(let d):
                let p = register(d), x0 = Float(x) + 0.5
                for i in 0..<n { p[i] = x0 + Float(i) }
            case .destinationY(let d): register(d).update(repeating: Float(y) + 0.5, count: n)
            case .copy(let d, let a): if d != a { register(d).update(from: register(a), count: n) }
            case .unary(let op, let d, let a): unary(op, register(d), register(a), n)
            case .binary(let op, let d, let a, let b): binary(op, register(d), register(a), register(b), n)
            case .multiplyAdd(let d, let a, let b, let c):
                let pd = register(d), pa = register(a), pb = register(b), pc = register(c)
                for i in 0..<n { pd[i] = pa[i] * pb[i] + pc[i] }
            case .select(let d, let c, let a, let b):
                let pd = register(d), pc = register(c), pa = register(a), pb = register(b)
                for i in 0..<n { pd[i] = pc[i] != 0 ? pa[i] : pb[i] }
            case .load(let image, let into): load(image, into.map(register), n)
            case .sample(let image, let sx, let sy, let into): sample(image, register(sx), register(sy), into.map(register), n)
            case .when(let mask, let body): if any(mask) { run(body) }
            case .loop(let condition, let active, let body):
                for iteration in 0..<SpanProgram.maximumIterations {
                    run(condition)
                    guard any(active), !stopped else { break }
                    // A render being stopped (deadline, cancel) ends long loops early; its result is discarded.
                    if iteration & 63 == 63, RenderStop.currentIsDue { stopped = true; break }
                    run(body)
                }
            }
        }
    }

    private func any(_ r: Int) -> Bool {
        let p = register(r)
        for i in 0..<count where p[i] != 0 { return true }
        return false
    }

    private func unary(_ op: SpanProgram.Unary, _ d: UnsafeMutablePointer<Float>, _ a: UnsafeMutablePointer<Float>, _ n: Int) {
        switch op {
        case .negate: for i in 0..<n { d[i] = -a[i] }
        case .abs: for i in 0..<n { d[i] = Swift.abs(a[i]) }
        case .floor: for i in 0..<n { d[i] = a[i].rounded(.down) }
        case .ceil: for i in 0..<n { d[i] = a[i].rounded(.up) }
        case .fract: for i in 0..<n { d[i] = a[i] - a[i].rounded(.down) }
        case .sqrt: for i in 0..<n { d[i] = a[i].squareRoot() }
        case .inverseSqrt: for i in 0..<n { d[i] = 1 / a[i].squareRoot() }
        case .sin: for i in 0..<n { d[i] = Foundation.sin(a[i]) }
        case .cos: for i in 0..<n { d[i] = Foundation.cos(a[i]) }
        case .tan: for i in 0..<n { d[i] = Foundation.tan(a[i]) }
        case .asin: for i in 0..<n { d[i] = Foundation.asin(a[i]) }
        case .acos: for i in 0..<n { d[i] = Foundation.acos(a[i]) }
        case .atan: for i in 0..<n { d[i] = Foundation.atan(a[i]) }
        case .exp: for i in 0..<n { d[i] = Foundation.exp(a[i]) }
        case .exp2: for i in 0..<n { d[i] = Foundation.exp2(a[i]) }
        case .log: for i in 0..<n { d[i] = Foundation.log(a[i]) }
        case .log2: for i in 0..<n { d[i] = Foundation.log2(a[i]) }
        case .sign: for i in 0..<n { d[i] = a[i] > 0 ? 1 : a[i] < 0 ? -1 : 0 }
        case .not: for i in 0..<n { d[i] = a[i] == 0 ? 1 : 0 }
        case .truncate: for i in 0..<n { d[i] = a[i].rounded(.towardZero) }
        case .round: for i in 0..<n { d[i] = a[i].rounded(.toNearestOrAwayFromZero) }
        }
    }

    private func binary(_ op: SpanProgram.Binary, _ d: UnsafeMutablePointer<Float>, _ a: UnsafeMutablePointer<Float>,
                        _ b: UnsafeMutablePointer<Float>, _ n: Int) {
        switch op {
        case .add: for i in 0..<n { d[i] = a[i] + b[i] }
        case .subtract: for i in 0..<n { d[i] = a[i] - b[i] }
        case .multiply: for i in 0..<n { d[i] = a[i] * b[i] }
        case .divide: for i in 0..<n { d[i] = a[i] / b[i] }
        case .power: for i in 0..<n { d[i] = Foundation.pow(a[i], b[i]) }
        case .minimum: for i in 0..<n { d[i] = Swift.min(a[i], b[i]) }
        case .maximum: for i in 0..<n { d[i] = Swift.max(a[i], b[i]) }
        case .modulo: for i in 0..<n { d[i] = a[i] - b[i] * (a[i] / b[i]).rounded(.down) }
        case .arcTangent2: for i in 0..<n { d[i] = Foundation.atan2(a[i], b[i]) }
        case .step: for i in 0..<n { d[i] = b[i] < a[i] ? 0 : 1 }
        case .less: for i in 0..<n { d[i] = a[i] < b[i] ? 1 : 0 }
        case .lessEqual: for i in 0..<n { d[i] = a[i] <= b[i] ? 1 : 0 }
        case .greater: for i in 0..<n { d[i] = a[i] > b[i] ? 1 : 0 }
        case .greaterEqual: for i in 0..<n { d[i] = a[i] >= b[i] ? 1 : 0 }
        case .equal: for i in 0..<n { d[i] = a[i] == b[i] ? 1 : 0 }
        case .notEqual: for i in 0..<n { d[i] = a[i] != b[i] ? 1 : 0 }
        case .and: for i in 0..<n { d[i] = a[i] != 0 && b[i] != 0 ? 1 : 0 }
        case .or: for i in 0..<n { d[i] = a[i] != 0 || b[i] != 0 ? 1 : 0 }
        case .exclusiveOr: for i in 0..<n { d[i] = (a[i] != 0) != (b[i] != 0) ? 1 : 0 }
        }
    }
}
