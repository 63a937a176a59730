internal import CPixelKernels
import Foundation

extension ProgramStage {
    /// Runs the program over `rect` (inside `extent`), span by span, handing each result to `sink`.
    func execute(_ rect: PixelRect, _ worker: WorkerContext, sink: Sink) {
        let arena = worker.arena
        let mark = arena.mark
        defer { arena.rewind(to: mark) }
        let width = Self.spanWidth
        let registers = arena.take(registerCount * width * 4)
        @inline(__always) func register(_ index: Int) -> UnsafeMutablePointer<Float> { registers + index * width * 4 }

        // Stage leaves are rendered for the whole rectangle first (shared stages first, so that the other leaves
        // reading them reuse their tiles); bitmap reads are recorded once per tile.
        let published = worker.rendered.count
        defer { worker.rendered.removeSubrange(published...) }
        withUnsafeTemporaryAllocation(of: Tile?.self, capacity: max(leaves.count, 1)) { stageTiles in
        for index in leafOrder {
            switch leaves[index] {
            case .stage(let child):
                let tile = Tile(base: arena.take(rect.area * 4), rect: rect, stride: rect.width)
                child.render(into: tile, worker)
                if child.isShared { worker.rendered.append((ObjectIdentifier(child), tile)) }
                stageTiles.initializeElement(at: index, to: tile)
            case .bitmap(let bitmapLeaf):
                let read = bitmapLeaf.sourceRect(for: rect)
                if !read.isEmpty { worker.statistics.recordRead(source: bitmapLeaf.bitmap.serial, rect: read) }
                stageTiles.initializeElement(at: index, to: nil)
            }
        }

        // The bitmap leaves' loads and the destination's stores, prepared once for the tile (decode tables copied
        // beside it), so that spans touch no reference-counted values.
        withUnsafeTemporaryAllocation(of: Float.self, capacity: max(leaves.count, 1) * 1024) { tables in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(leaves.count, 1) * SpanLoader.preparedBytes) { plans in
        withUnsafeTemporaryAllocation(of: SpanLoader?.self, capacity: max(leaves.count, 1)) { loaders in
        for (index, leaf) in leaves.enumerated() {
            if case .bitmap(let bitmapLeaf) = leaf {
                let table = tables.baseAddress! + index * 1024
                bitmapLeaf.decode8.withUnsafeBufferPointer { table.update(from: $0.baseAddress!, count: min($0.count, 1024)) }
                loaders.initializeElement(at: index, to: SpanLoader(bitmapLeaf, decode: table,
                                                                    preparing: plans.baseAddress! + index * SpanLoader.preparedBytes))
            } else {
                loaders.initializeElement(at: index, to: nil)
            }
        }
        var sinkTile: Tile?
        if case .tile(let tile) = sink { sinkTile = tile }
        instructions.withUnsafeBufferPointer { instructions in
        // The instructions as steps without reference-counted values (operations' data copied beside the tile).
        withUnsafeTemporaryAllocation(of: Float.self, capacity: max(PreparedStep.storageFloats(instructions), 1)) { storage in
        withUnsafeTemporaryAllocation(of: (any PixelKernel).self, capacity: max(instructions.count, 1)) { kernels in
        withUnsafeTemporaryAllocation(of: PreparedStep.self, capacity: max(instructions.count, 1)) { steps in
        PreparedStep.prepare(instructions, into: steps, kernels: kernels, storage: storage.baseAddress!)
        defer {
            for index in instructions.indices where steps[index].holdsKernel { kernels.deinitializeElement(at: index) }
            steps.baseAddress!.deinitialize(count: instructions.count)
        }
        func run(_ storer: SpanStorer?) {
            // A program that only loads (a source read into a tile, a stage's tile stored), perhaps cropped to an
            // extent holding this whole tile: the load goes straight to the sink, without passing through a register.
            let onlyLoads = Self.onlyLoadedLeaf(instructions, output: output, rect: rect)
            withUnsafeTemporaryAllocation(of: pk_ci_fused_step.self, capacity: instructions.count) { fusedSteps in
            withUnsafeTemporaryAllocation(of: Float.self, capacity: instructions.count * FusedEightBitPass.parametersPerStep) { parameters in
            // A colour chain from an 8-bit bitmap to an 8-bit destination: in registers from load to store.
            let fused = storer.flatMap {
                FusedEightBitPass(instructions, prepared: steps, kernels: kernels, loaders: loaders, output: output, storer: $0,
                                  steps: fusedSteps, parameters: parameters.baseAddress!)
            }
            for y in rect.y..<rect.maxY {
                var x = rect.x
                while x < rect.maxX {
                    var count = min(width, rect.maxX - x)
                    if let fused, let storer {
                        let done = fused.run(loader: loaders[fused.leaf]!, storer: storer, x: x, y: y, count: count)
                        worker.statistics.fusedEightBitPixels += done
                        x += done; count -= done
                        if count == 0 { continue }
                    }
                    if let leaf = onlyLoads {
                        if let tile = stageTiles[leaf] {
                            if let target = sinkTile {
                                target.pointer(x, y).update(from: tile.pointer(x, y), count: count * 4)
                            } else {
                                storer!.store(tile.pointer(x, y), x: x, y: y, count: count)
                            }
                            x += count; continue
                        }
                        if let loader = loaders[leaf], let target = sinkTile {
                            loader.load(x: x, y: y, count: count, into: target.pointer(x, y))
                            x += count; continue
                        }
                    }
                    for index in instructions.indices {
                        switch steps[index] {
                        case .load(let leaf, let r):
                            if let tile = stageTiles[leaf] {
                                register(r).update(from: tile.pointer(x, y), count: count * 4)
                            } else if let loader = loaders[leaf] {
                                loader.load(x: x, y: y, count: count, into: register(r))
                            }
                        case .generate(let kernel, let r):
                            kernels[kernel].apply(PixelSpan(pixels: register(r), count: count, x: x, y: y))
                        case .operation(let operation, let r):
                            operation.apply(register(r), count: count)
                        case .kernel(let kernel, let r, let inputs, let inputCount):
                            var span = PixelSpan(pixels: register(r), count: count, x: x, y: y)
                            if inputCount > 0 { span.input1 = UnsafePointer(register(inputs.0)) }
                            if inputCount > 1 { span.input2 = UnsafePointer(register(inputs.1)) }
                            if inputCount > 2 { span.input3 = UnsafePointer(register(inputs.2)) }
                            kernels[kernel].apply(span)
                        case .copy(let from, let to):
                            register(to).update(from: register(from), count: count * 4)
                        case .crop(let keep, let r):
                            Self.crop(register(r), keep: keep, x: x, y: y, count: count)
                        }
                    }
                    let result = register(output)
                    if let target = sinkTile {
                        target.pointer(x, y).update(from: result, count: count * 4)
                    } else {
                        storer!.store(result, x: x, y: y, count: count)
                    }
                    x += count
                }
            }
            }
            }
        }
        if case .destination(let destination) = sink { SpanStorer.with(destination) { run($0) } } else { run(nil) }
        }
        }
        }
        }
        }
        }
        }
        }
    }

    /// The leaf a program only loads over `rect` into its output register — a single load, followed by nothing
    /// but crops that keep all of `rect` (a convolution cropped to its input's extent, seen from an inner tile) —
    /// or nil when the program does anything else there.
    static func onlyLoadedLeaf(_ instructions: UnsafeBufferPointer<Instruction>, output: Int, rect: PixelRect) -> Int? {
        guard let first = instructions.first, case .load(let leaf, let r) = first, r == output else { return nil }
        for instruction in instructions.dropFirst() {
            guard case .crop(let keep, let cropped) = instruction, cropped == r, keep.contains(rect) else { return nil }
        }
        return leaf
    }

    /// Leaf indices in rendering order: shared stages first.
    private var leafOrder: [Int] {
        let shared = leaves.indices.filter { if case .stage(let child) = leaves[$0] { child.isShared } else { false } }
        return shared.isEmpty ? Array(leaves.indices) : shared + leaves.indices.filter { !shared.contains($0) }
    }

    private static func crop(_ pixels: UnsafeMutablePointer<Float>, keep: PixelRect, x: Int, y: Int, count: Int) {
        if y < keep.y || y >= keep.maxY { pixels.update(repeating: 0, count: count * 4); return }
        let left = min(max(keep.x - x, 0), count), right = max(min(keep.maxX - x, count), left)
        if left > 0 { pixels.update(repeating: 0, count: left * 4) }
        if right < count { (pixels + right * 4).update(repeating: 0, count: (count - right) * 4) }
    }

    /// Loads `tile` from the leaf: zero outside the bitmap, edge pixels repeated when clamped (loads prepared once).
    static func load(_ leaf: BitmapLeaf, into tile: Tile) {
        leaf.decode8.withUnsafeBufferPointer { decode in
            let loader = SpanLoader(leaf, decode: decode.baseAddress!)
            for y in tile.rect.y..<tile.rect.maxY {
                loader.load(x: tile.rect.x, y: y, count: tile.rect.width, into: tile.pointer(tile.rect.x, y))
            }
        }
    }

    /// Stores the working pixels of `tile` at its rectangle of the destination, converting to its format.
    static func store(_ tile: Tile, into destination: Destination) {
        SpanStorer.with(destination) { storer in
            for y in tile.rect.y..<tile.rect.maxY {
                storer.store(tile.pointer(tile.rect.x, y), x: tile.rect.x, y: y, count: tile.rect.width)
            }
        }
    }
}
