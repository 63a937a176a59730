import Foundation

/// Pass 3, fusion: the optimized graph becomes stages. Maximal groups of per-pixel nodes become one
/// ``ProgramStage`` each (concatenated, no buffer between kernels); neighbourhood kernels become
/// ``AreaStage``s reading their inputs per tile; processor kernels and explicit intermediates become whole
/// buffers (``ProcessorStage``, ``MaterializedStage``).
package final class FusionPass {
    let settings: RenderSettings
    private var stages: [ObjectIdentifier: Stage] = [:]
    /// Every bitmap leaf of every program (the renderer pins their bytes).
    package private(set) var bitmapLeaves: [BitmapLeaf] = []

    /// Per-pixel nodes read both by a program that would fuse them and by a stage that reads them as a whole
    /// (a blur, a clamp): they become a stage of their own, so a tile of them is computed once and reused by
    /// both readers (``Stage/isShared``) instead of being computed once fused and once for the other stage.
    private var sharedNodes: Set<ObjectIdentifier> = []

    package init(settings: RenderSettings) { self.settings = settings }

    /// Finds the nodes that become shared stages (see `sharedNodes`) in the graph under `root`.
    package func findSharedNodes(_ root: Image) {
        guard settings.reusesSharedStages else { return }
        var readByFusing: Set<ObjectIdentifier> = [], readByOthers: Set<ObjectIdentifier> = [], candidates: Set<ObjectIdentifier> = []
        var seen = Set<ObjectIdentifier>()
        func visit(_ image: Image) {
            guard seen.insert(ObjectIdentifier(image)).inserted else { return }
            if case .pixel(let kernel, _) = image.node, kernel.arity > 0 { candidates.insert(ObjectIdentifier(image)) }
            let fusing = ProgramBuilder.isFused(image)
            for input in image.inputs {
                if fusing { readByFusing.insert(ObjectIdentifier(input)) } else { readByOthers.insert(ObjectIdentifier(input)) }
                visit(input)
            }
        }
        visit(root)
        sharedNodes = candidates.intersection(readByFusing).intersection(readByOthers)
    }

    /// Whether a fusing program loads `image` from its own stage instead of computing it inline.
    func isSharedNode(_ image: Image) -> Bool { sharedNodes.contains(ObjectIdentifier(image)) }

    /// The stage computing `image`.
    package func stage(_ image: Image) -> Stage {
        if let stage = stages[ObjectIdentifier(image)] { stage.isShared = settings.reusesSharedStages; return stage }
        let result: Stage
        switch image.node {
        case .area(let kernel, let inputs):
            let inputStages = inputs.map { input -> Stage in
                let s = stage(input)
                return kernel.prefersIntermediateInput ? materialize(s, digest: input.digest) : s
            }
            let area = AreaStage(kernel: kernel.adapted(to: inputs), inputs: inputStages, extent: image.pixelExtent)
            area.readsStoredBytes = settings.computesOnStoredValues
            result = area
        case .processor(let processor, let inputs):
            let inputStages = inputs.enumerated().map { index, input in
                MaterializedStage(input: stage(input), format: processor.inputFormat(index) ?? settings.workingFormat,
                                  cacheDigest: settings.cacheIntermediates ? input.digest : nil)
            }
            result = ProcessorStage(processor: processor, inputs: inputStages, format: processor.outputFormat ?? settings.workingFormat,
                                    extent: image.pixelExtent, digest: image.digest)
        case .reduction(let kernel, let input):
            result = ReductionStage(kernel: kernel, input: stage(input))
        case .intermediate(let input, let cache):
            result = materialize(stage(input), digest: cache && settings.cacheIntermediates ? input.digest : nil)
        case .clamp(let rect, let input) where !Self.isBitmap(input):
            result = ClampStage(input: stage(input), clamp: rect)
        default:
            result = program(image)
        }
        stages[ObjectIdentifier(image)] = result
        return result
    }

    private func materialize(_ input: Stage, digest: UInt64?) -> MaterializedStage {
        if let existing = input as? MaterializedStage { return existing }
        return MaterializedStage(input: input, format: settings.workingFormat, cacheDigest: digest)
    }

    static func isBitmap(_ image: Image) -> Bool {
        if case .bitmap = image.node { return true }
        return false
    }

    /// A program fusing the per-pixel subgraph rooted at `root`.
    package func program(_ root: Image) -> ProgramStage {
        var builder = ProgramBuilder(fusion: self, root: root)
        builder.countUses(root)
        let output = builder.emit(root)
        var instructions = builder.instructions
        ProgramPeephole.run(&instructions, leaves: builder.leaves)
        return ProgramStage(extent: root.pixelExtent, leaves: builder.leaves, instructions: instructions,
                            registerCount: builder.registerCount, output: output)
    }

    fileprivate func addBitmapLeaf(_ leaf: BitmapLeaf) { bitmapLeaves.append(leaf) }
}

/// Emits the instructions of one program, allocating a register per value (reusing an input's register when
/// the value has no other reader in the program).
struct ProgramBuilder {
    let fusion: FusionPass
    var leaves: [ProgramStage.Leaf] = []
    var instructions: [ProgramStage.Instruction] = []
    var registerCount = 0
    private var registers: [ObjectIdentifier: Int] = [:]
    private var uses: [ObjectIdentifier: Int] = [:]

    /// The node the program computes (computed inline even when it is a shared node).
    private let root: Image

    init(fusion: FusionPass, root: Image) { (self.fusion, self.root) = (fusion, root) }

    /// Counts how many consumers inside this program read each node.
    mutating func countUses(_ image: Image) {
        let id = ObjectIdentifier(image)
        uses[id, default: 0] += 1
        guard uses[id] == 1, Self.isFused(image) else { return }
        for input in Self.fusedInputs(image) { countUses(input) }
    }

    static func isFused(_ image: Image) -> Bool {
        switch image.node {
        case .pixel, .crop, .sampling: true
        default: false
        }
    }

    static func fusedInputs(_ image: Image) -> [Image] {
        switch image.node {
        case .pixel(_, let inputs): inputs
        case .crop(_, let input), .sampling(_, let input): [input]
        default: []
        }
    }

    private mutating func newRegister() -> Int { registerCount += 1; return registerCount - 1 }

    /// A register holding `image` that the caller may overwrite.
    mutating func emitOwned(_ image: Image) -> Int {
        let r = emit(image)
        guard (uses[ObjectIdentifier(image)] ?? 1) > 1 else { return r }
        let copy = newRegister()
        instructions.append(.copy(from: r, to: copy))
        return copy
    }

    mutating func emit(_ image: Image) -> Int {
        if let r = registers[ObjectIdentifier(image)] { return r }
        let r: Int
        switch image.node {
        case .pixel where image !== root && fusion.isSharedNode(image):
            r = load(.stage(fusion.stage(image)))
        case .sampling(_, let input):
            r = emit(input)
        case .crop(let rect, let input):
            r = emitOwned(input)
            instructions.append(.crop(rect, register: r))
        case .pixel(let kernel, _) where kernel.arity == 0:
            r = newRegister()
            instructions.append(.generate(kernel, register: r))
            if kernel.wantsUnpremultiplied && !image.isOpaque { instructions.append(.operation(.premultiply, register: r)) }
            if !image.pixelExtent.isInfinite { instructions.append(.crop(image.pixelExtent, register: r)) }
        case .pixel(let kernel, let inputs):
            r = emitOwned(inputs[0])
            var others: [Int] = []
            for input in inputs.dropFirst() {
                others.append(kernel.wantsUnpremultiplied && !input.isOpaque ? emitOwned(input) : emit(input))
            }
            if kernel.wantsUnpremultiplied {
                for (input, register) in zip(inputs, [r] + others) where !input.isOpaque {
                    instructions.append(.operation(.unpremultiply, register: register))
                }
            }
            if let operations = kernel.operations {
                for operation in operations { instructions.append(.operation(operation, register: r)) }
            } else {
                instructions.append(.kernel(kernel, register: r, inputs: others))
            }
            if kernel.wantsUnpremultiplied && !image.isOpaque { instructions.append(.operation(.premultiply, register: r)) }
            if !image.pixelExtent.isInfinite { instructions.append(.crop(image.pixelExtent, register: r)) }
        case .bitmap(let bitmap, _):
            r = load(.bitmap(BitmapLeaf(bitmap: bitmap, rect: image.pixelExtent, clamp: nil)))
        case .clamp(let rect, let input) where FusionPass.isBitmap(input):
            guard case .bitmap(let bitmap, _) = input.node else { fatalError("unreachable") }
            r = load(.bitmap(BitmapLeaf(bitmap: bitmap, rect: input.pixelExtent, clamp: rect)))
        case .empty:
            r = newRegister()
            instructions.append(.crop(.empty, register: r))
        default:
            r = load(.stage(fusion.stage(image)))
        }
        registers[ObjectIdentifier(image)] = r
        return r
    }

    private mutating func load(_ leaf: ProgramStage.Leaf) -> Int {
        if case .bitmap(let bitmapLeaf) = leaf { fusion.addBitmapLeaf(bitmapLeaf) }
        leaves.append(leaf)
        let r = newRegister()
        instructions.append(.load(leaf: leaves.count - 1, register: r))
        return r
    }
}
