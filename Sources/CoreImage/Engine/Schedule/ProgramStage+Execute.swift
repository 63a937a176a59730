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

        // A program that only loads (a source read into a tile, a stage's tile stored): the load goes straight to
        // the sink, without passing through a register.
        var onlyLoads: Int?
        if instructions.count == 1, case .load(let leaf, let r) = instructions[0], r == output { onlyLoads = leaf }

        for y in rect.y..<rect.maxY {
            var x = rect.x
            while x < rect.maxX {
                let count = min(width, rect.maxX - x)
                if let leaf = onlyLoads {
                    switch (stageTiles[leaf], leaves[leaf], sink) {
                    case (let tile?, _, .destination(let destination)):
                        Self.store(tile.pointer(x, y), into: destination, x: x, y: y, count: count)
                        x += count; continue
                    case (let tile?, _, .tile(let target)):
                        target.pointer(x, y).update(from: tile.pointer(x, y), count: count * 4)
                        x += count; continue
                    case (nil, .bitmap(let bitmapLeaf), .tile(let target)):
                        Self.load(bitmapLeaf, x: x, y: y, count: count, into: target.pointer(x, y))
                        x += count; continue
                    default:
                        break
                    }
                }
                for instruction in instructions {
                    switch instruction {
                    case .load(let leaf, let r):
                        if let tile = stageTiles[leaf] {
                            register(r).update(from: tile.pointer(x, y), count: count * 4)
                        } else if case .bitmap(let bitmapLeaf) = leaves[leaf] {
                            Self.load(bitmapLeaf, x: x, y: y, count: count, into: register(r))
                        }
                    case .generate(let kernel, let r):
                        kernel.apply(PixelSpan(pixels: register(r), count: count, x: x, y: y))
                    case .operation(let operation, let r):
                        operation.apply(register(r), count: count)
                    case .kernel(let kernel, let r, let inputs):
                        var span = PixelSpan(pixels: register(r), count: count, x: x, y: y)
                        if inputs.count > 0 { span.input1 = UnsafePointer(register(inputs[0])) }
                        if inputs.count > 1 { span.input2 = UnsafePointer(register(inputs[1])) }
                        if inputs.count > 2 { span.input3 = UnsafePointer(register(inputs[2])) }
                        kernel.apply(span)
                    case .copy(let from, let to):
                        register(to).update(from: register(from), count: count * 4)
                    case .crop(let keep, let r):
                        Self.crop(register(r), keep: keep, x: x, y: y, count: count)
                    }
                }
                let result = register(output)
                switch sink {
                case .tile(let tile): tile.pointer(x, y).update(from: result, count: count * 4)
                case .destination(let destination): Self.store(result, into: destination, x: x, y: y, count: count)
                }
                x += count
            }
        }
        }
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

    /// Loads `count` pixels of row `y` from `x` on: zero outside the bitmap, edge pixels repeated when clamped.
    static func load(_ leaf: BitmapLeaf, x: Int, y: Int, count: Int, into pixels: UnsafeMutablePointer<Float>) {
        var row = y
        var area = leaf.rect
        if let clamp = leaf.clamp {
            area = clamp.intersection(leaf.rect)
            guard !area.isEmpty else { pixels.update(repeating: 0, count: count * 4); return }
            row = min(max(y, area.y), area.maxY - 1)
        }
        guard row >= area.y, row < area.maxY else { pixels.update(repeating: 0, count: count * 4); return }
        let start = max(x, area.x), end = min(x + count, area.maxX)
        if end > start {
            loadSpan(leaf, x: start, row: row, count: end - start, into: pixels + (start - x) * 4)
        }
        let leftCount = min(max(start - x, 0), count), rightStart = max(min(end - x, count), leftCount)
        if leaf.clamp != nil, end > start {
            let first = pixels + leftCount * 4, last = pixels + (rightStart - 1) * 4
            for i in 0..<leftCount { (pixels + i * 4).update(from: first, count: 4) }
            for i in rightStart..<count { (pixels + i * 4).update(from: last, count: 4) }
        } else if leaf.clamp != nil {
            // The whole span lies on one side of the clamp rectangle: repeat that edge pixel.
            let edge = x + count <= area.x ? area.x : area.maxX - 1
            loadSpan(leaf, x: edge, row: row, count: 1, into: pixels)
            for i in 1..<count { (pixels + i * 4).update(from: pixels, count: 4) }
        } else {
            if leftCount > 0 { pixels.update(repeating: 0, count: leftCount * 4) }
            if rightStart < count { (pixels + rightStart * 4).update(repeating: 0, count: (count - rightStart) * 4) }
        }
    }

    private static func loadSpan(_ leaf: BitmapLeaf, x: Int, row: Int, count: Int, into pixels: UnsafeMutablePointer<Float>) {
        let bitmap = leaf.bitmap
        let format = bitmap.format
        let source = leaf.base! + bitmap.rowOffset(row - leaf.rect.y) + (x - leaf.rect.x) * format.bytesPerPixel
        var map = format.loadMap
        withUnsafeBytes(of: &map) { raw in
            let m = raw.baseAddress!.assumingMemoryBound(to: Int8.self)
            let components = Int32(format.componentCount)
            switch format.component {
            case .uint8:
                leaf.decode8.withUnsafeBufferPointer {
                    pk_ci_load_u8(source.assumingMemoryBound(to: UInt8.self), components, m, $0.baseAddress, pixels, count)
                }
            case .uint16:
                pk_ci_load_u16(source.assumingMemoryBound(to: UInt16.self), components, m, format.bigEndian ? 1 : 0, pixels, count)
            case .float16:
                pk_ci_load_f16(source.assumingMemoryBound(to: UInt16.self), components, m, pixels, count)
            case .float32:
                pk_ci_load_f32(source.assumingMemoryBound(to: Float.self), components, m, pixels, count)
            }
        }
    }

    /// Stores `count` working pixels at (`x`, `y`) of the destination, converting to its format.
    static func store(_ pixels: UnsafeMutablePointer<Float>, into destination: Destination, x: Int, y: Int, count: Int) {
        let target = destination.pointer(x, y)
        let format = destination.format
        var map = format.storeMap
        withUnsafeBytes(of: &map) { raw in
            let m = raw.baseAddress!.assumingMemoryBound(to: Int8.self)
            let components = Int32(format.componentCount)
            switch format.component {
            case .uint8:
                if let curve = destination.encodeCurve, destination.encodesPremultiplied {
                    curve.encode8.withUnsafeBufferPointer { lut in
                        curve.table.withUnsafeBufferPointer { t in
                            curve.parameters.withUnsafeBufferPointer { p in
                                pk_ci_store_u8_encode_premultiplied(pixels, target.assumingMemoryBound(to: UInt8.self), lut.baseAddress, t.baseAddress,
                                                                    Int32(t.count), p.baseAddress, curve.extended ? 1 : 0, curve.inverse ? 1 : 0, count)
                            }
                        }
                    }
                } else if let curve = destination.encodeCurve {
                    curve.encode8.withUnsafeBufferPointer {
                        pk_ci_store_u8(pixels, target.assumingMemoryBound(to: UInt8.self), components, m, $0.baseAddress, count)
                    }
                } else {
                    pk_ci_store_u8(pixels, target.assumingMemoryBound(to: UInt8.self), components, m, nil, count)
                }
            case .uint16:
                pk_ci_store_u16(pixels, target.assumingMemoryBound(to: UInt16.self), components, m, format.bigEndian ? 1 : 0, count)
            case .float16:
                pk_ci_store_f16(pixels, target.assumingMemoryBound(to: UInt16.self), components, m, count)
            case .float32:
                pk_ci_store_f32(pixels, target.assumingMemoryBound(to: Float.self), components, m, count)
            }
        }
    }
}
