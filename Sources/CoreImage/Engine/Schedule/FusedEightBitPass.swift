internal import CPixelKernels

/// A pixel kernel the fused 8-bit pass can run in registers (`pk_ci_fused_u8_srgb`), computing the floats its
/// `apply` computes.
protocol FusableKernel: PixelKernel {
    /// Writes the pass's parameters for this kernel (at most `FusedEightBitPass.parametersPerStep` floats) and
    /// returns its step kind (`PK_FUSED_…`).
    func fusedStep(parameters: UnsafeMutablePointer<Float>) -> Int32
}

/// A program the fused 8-bit pass runs in one C call a span: it loads one 8-bit bitmap leaf whose loads are
/// prepared (AVX-512 VBMI), applies nothing but colour matrices and fusable kernels to that register, and ends
/// at an 8-bit destination stored through the computed sRGB encoding (the colour chains of photo edits: exposure,
/// sepia, vignette). Each channel then stays in a register from the load to the store, instead of every kernel
/// reading and writing the span and shuffling channels apart again. The bytes are those of the separate kernels;
/// spans the pass cannot take (at the bitmap's edges, clamped reads) and the last pixels of a span (fewer than
/// sixteen) run the separate kernels, and so do spans a crop in the program changes.
struct FusedEightBitPass {
    /// The largest number of floats a step's parameters take (a matrix: 16 coefficients and 4 biases).
    static let parametersPerStep = 20

    let leaf: Int
    let steps: UnsafePointer<pk_ci_fused_step>
    let stepCount: Int32
    let alphaMode: Int32
    let lut: UnsafePointer<UInt8>
    /// Where the program's crops keep every pixel (the crops of kernels to their extents): spans inside it only.
    let kept: PixelRect?

    /// The pass for `instructions`, or nil when the program is not of that shape. `steps` (one per instruction)
    /// and `parameters` (`parametersPerStep` per instruction) receive the pass's steps; matrices point into the
    /// prepared steps' storage.
    init?(_ instructions: UnsafeBufferPointer<ProgramStage.Instruction>, prepared: UnsafeMutableBufferPointer<PreparedStep>,
          kernels: UnsafeMutableBufferPointer<any PixelKernel>, loaders: UnsafeMutableBufferPointer<SpanLoader?>,
          output: Int, storer: SpanStorer, steps: UnsafeMutableBufferPointer<pk_ci_fused_step>,
          parameters: UnsafeMutablePointer<Float>) {
        guard let alphaMode = storer.fusedAlphaMode, let lut = storer.lut, !instructions.isEmpty,
              case .load(let leaf, let register) = prepared[0], register == output,
              let loader = loaders[leaf], loader.prepared != nil else { return nil }
        var count = 0
        var kept: PixelRect?
        for index in 1..<instructions.count {
            switch prepared[index] {
            case .operation(let operation, let r) where r == output && operation.kind == .matrix:
                steps[count] = pk_ci_fused_step(kind: Int32(PK_FUSED_MATRIX), data: operation.data)
            case .kernel(let kernel, let r, _, let inputCount) where r == output && inputCount == 0:
                guard let fusable = kernels[kernel] as? any FusableKernel else { return nil }
                let data = parameters + index * Self.parametersPerStep
                steps[count] = pk_ci_fused_step(kind: fusable.fusedStep(parameters: data), data: data)
            case .crop(let keep, let r) where r == output:
                kept = kept.map { $0.intersection(keep) } ?? keep
                continue
            default:
                return nil
            }
            count += 1
        }
        (self.leaf, self.steps, stepCount, self.alphaMode, self.lut, self.kept) = (leaf, UnsafePointer(steps.baseAddress!), Int32(count), alphaMode, lut, kept)
    }

    /// Runs the pass over `count` pixels of row `y` from `x` if the leaf's loader can read them directly; returns
    /// the pixels done (the rest are for the separate kernels).
    func run(loader: SpanLoader, storer: SpanStorer, x: Int, y: Int, count: Int) -> Int {
        guard count >= 16 else { return 0 }
        if let kept, y < kept.y || y >= kept.maxY || x < kept.x || x + count > kept.maxX { return 0 }
        guard let source = loader.fusableSource(x: x, y: y, count: count) else { return 0 }
        return pk_ci_fused_u8_srgb(source, loader.prepared, steps, stepCount, x, y,
                                   storer.target(x: x, y: y).assumingMemoryBound(to: UInt8.self), lut, alphaMode, count)
    }
}
