import Foundation

/// A compiled render: the result of the passes, ready to execute. Built per render, never shared.
///
/// Passes, in order (each dumpable with `CI_PRINT_TREE`): colour management → optimization → output
/// conversion → fusion (programs and stages) → regions of interest → tiling.
package final class Schedule {
    package let recipe: Image
    package let optimized: Image
    package let root: ProgramStage
    /// Every stage, inputs before readers (whole-buffer stages execute in this order before the root).
    package let stages: [Stage]
    package let rect: PixelRect
    package let bitmapLeaves: [BitmapLeaf]
    package var destination: Destination
    /// The render's settings, with the tile shape this schedule renders in (see `wideTiles`).
    package private(set) var settings: RenderSettings
    /// Files decoded for this render.
    package let lazySources: [LazySource]

    /// Compiles `image` for rendering `rect` into `destination`.
    package init(image: Image, rect: PixelRect, destination: Destination, settings: RenderSettings) throws {
        recipe = image
        lazySources = Schedule.lazySources(in: image)
        self.rect = rect
        self.settings = settings
        var graph = try ColorManagementPass.run(image, settings)
        graph = OutputConversionPass.run(graph, settings, format: destination.format)
        optimized = OptimizationPass.run(graph)
        let fusion = FusionPass(settings: settings)
        fusion.findSharedNodes(optimized)
        root = fusion.program(optimized)
        var destination = destination
        OutputConversionPass.fuseEncode(root, into: &destination)
        destination.fusesEightBitPasses = settings.fusesEightBitPasses
        self.destination = destination
        bitmapLeaves = fusion.bitmapLeaves
        if settings.shapesTiles, let wide = Schedule.wideTiles(root: root, rect: rect, settings: settings) {
            (self.settings.tileWidth, self.settings.tileHeight) = wide
        }
        stages = RegionOfInterestPass.run(root: root, rect: rect)
    }

    /// Wide tiles (the configured area, 64 rows high, or more where the render is narrower) when they recompute
    /// neighbourhoods at most 3 % more than the configured shape — per-pixel programs and small neighbourhoods (a 3 × 3
    /// convolution) — or nil. Rows four to eight times as long halve the work done per row and the memory pages a
    /// tile touches in the source and the destination (a 3 × 3 convolution at 12 MP: 18.5 → 16.2 ms); tall
    /// neighbourhoods (blurs) and warps keep the configured shape. Renders with whole intermediates keep it too.
    /// The shape never changes the pixels (results do not depend on tiles).
    static func wideTiles(root: ProgramStage, rect: PixelRect, settings: RenderSettings) -> (width: Int, height: Int)? {
        let area = settings.tileWidth * settings.tileHeight
        let width = min(area / 64, rect.width), height = max(64, area / max(width, 1))
        guard width > settings.tileWidth, !rect.isEmpty, !rect.isInfinite else { return nil }
        /// Pixels the per-tile stages compute for one tile of the given shape, per pixel of the tile.
        func work(_ w: Int, _ h: Int) -> Double? {
            let probe = PixelRect(x: rect.x + (rect.width - min(w, rect.width)) / 2, y: rect.y + (rect.height - min(h, rect.height)) / 2,
                                  width: min(w, rect.width), height: min(h, rect.height))
            let stages = RegionOfInterestPass.run(root: root, rect: probe)
            if stages.contains(where: { $0 is MaterializedStage || $0 is ProcessorStage || $0 is ReductionStage }) { return nil }
            return Double(stages.reduce(0) { $0 + $1.region.area }) / Double(probe.area)
        }
        guard let wide = work(width, height), let configured = work(settings.tileWidth, settings.tileHeight),
              wide <= configured * 1.03 else { return nil }
        return (width, height)
    }

    static func lazySources(in root: Image) -> [LazySource] {
        var seen = Set<ObjectIdentifier>(), found: [LazySource] = []
        func visit(_ image: Image) {
            guard seen.insert(ObjectIdentifier(image)).inserted else { return }
            if case .lazy(let source) = image.node { found.append(source) }
            image.inputs.forEach(visit)
        }
        visit(root)
        return found
    }

    /// Stages that produce whole buffers, in execution order.
    package var phases: [Stage] {
        stages.filter { $0 is MaterializedStage || $0 is ProcessorStage || $0 is ReductionStage }
    }

    /// Floats of arena each worker needs for tiles of the configured size (the largest over all phases).
    package var arenaFloats: Int {
        let w = settings.tileWidth, h = settings.tileHeight
        var floats = root.scratchFloats(width: w, height: h)
        for phase in phases {
            for child in phase.children {
                floats = max(floats, child.scratchFloats(width: w, height: h) + w * h * 4 + 64)
            }
        }
        return floats
    }
}

/// The tail of the graph that takes working values to the destination: the colour match into the output
/// space, clamping for formats that cannot hold values outside [0, 1], unpremultiplying when asked.
package enum OutputConversionPass {
    static func run(_ root: Image, _ settings: RenderSettings, format: PixelFormat) -> Image {
        var operations: [PixelOperation] = []
        var kernel: (any PixelKernel)?
        if let working = settings.workingSpace, let output = settings.outputSpace {
            if let conversion = ColorConversion.operations(from: working, to: output) {
                operations += conversion
            } else {
                kernel = LittleCMSKernel(from: working, to: output)
            }
        }
        let extended = settings.outputSpace.map(CGColorSpaceUsesExtendedRange) ?? true
        if !format.isFloat || !extended { operations.append(.clamp(.zero, .one)) }
        if !(settings.outputPremultiplied || format.hasAlpha == false) {
            // Straight alpha: divide at the very end.
            var image = root
            if let kernel { image = Image(.pixel(kernel, [image]), extent: root.extent, isOpaque: root.isOpaque) }
            let tail = OperationsKernel(name: "output", operations: [.unpremultiply] + operations, unpremultiplied: false)
            return Image(.pixel(tail, [image]), extent: root.extent, isOpaque: root.isOpaque)
        }
        var image = root
        if let kernel { image = Image(.pixel(kernel, [image]), extent: root.extent, isOpaque: root.isOpaque) }
        guard !operations.isEmpty else { return image }
        let tail = OperationsKernel(name: "colormatch working → output", operations: operations, unpremultiplied: true)
        return Image(.pixel(tail, [image]), extent: root.extent, isOpaque: root.isOpaque)
    }

    /// An 8-bit destination absorbs a trailing encode curve (then a 65536-entry table does curve and quantization),
    /// and a premultiplied RGBA8 one also a trailing unpremultiply → encode → [clamp] → premultiply (opaque pixels
    /// then go through the table, the others through the same operations in the store).
    static func fuseEncode(_ root: ProgramStage, into destination: inout Destination) {
        guard destination.format.component == .uint8 else { return }
        if fusePremultipliedEncode(root, into: &destination) { return }
        // Crops and [0, 1] clamps commute with an encode curve that keeps 0 at 0; skip over them.
        var index = root.instructions.count - 1
        while index >= 0 {
            switch root.instructions[index] {
            case .crop(_, let r) where r == root.output: index -= 1; continue
            case .operation(.clamp(let lo, let hi), let r) where r == root.output && lo == .zero && hi == .one: index -= 1; continue
            default: break
            }
            break
        }
        guard index >= 0, case .operation(.curve(let curve), let r) = root.instructions[index], r == root.output,
              curve.channels == 7, curve.encodesZeroAsZero else { return }
        root.instructions.remove(at: index)
        destination.encodeCurve = curve
        removeTrailingUnitClamps(root)
    }

    /// `… unpremultiply, curve, [clamp 0…1], premultiply` at the end of the root program, crops of the output
    /// anywhere among them, into an RGBA8 destination: moved into the store. Whether it did.
    private static func fusePremultipliedEncode(_ root: ProgramStage, into destination: inout Destination) -> Bool {
        var map = destination.format.storeMap
        let identity = withUnsafeBytes(of: &map) { Array($0.bindMemory(to: Int8.self)) } == [0, 1, 2, 3]
        guard identity, destination.format.componentCount == 4 else { return false }
        var found: [Int] = []   // indices of premultiply, clamp?, curve, unpremultiply (from the end)
        var curve: ToneCurve?
        var index = root.instructions.count - 1
        var expecting = 0       // 0 premultiply, 1 clamp or curve, 2 unpremultiply
        scan: while index >= 0 {
            let instruction = root.instructions[index]
            if case .crop(_, let r) = instruction, r == root.output { index -= 1; continue }
            guard case .operation(let operation, let r) = instruction, r == root.output else { return false }
            switch (expecting, operation) {
            case (0, .premultiply): expecting = 1
            case (1, .clamp(let lo, let hi)) where lo == .zero && hi == .one && curve == nil && found.count == 1: break
            case (1, .curve(let c)) where c.channels == 7 && c.encodesZeroAsZero: curve = c; expecting = 2
            case (2, .unpremultiply): found.append(index); break scan
            default: return false
            }
            found.append(index)
            index -= 1
        }
        guard let curve, case .operation(.unpremultiply, _) = root.instructions[found.last!] else { return false }
        for i in found.sorted(by: >) { root.instructions.remove(at: i) }
        destination.encodeCurve = curve
        destination.encodesPremultiplied = true
        removeTrailingUnitClamps(root)
        return true
    }

    /// The 8-bit store clamps to [0, 1] itself: clamps of the output to that range at the end of the program (among
    /// crops, with which they commute) are redundant. Clamps followed by other operations stay.
    private static func removeTrailingUnitClamps(_ root: ProgramStage) {
        var index = root.instructions.count - 1
        while index >= 0 {
            switch root.instructions[index] {
            case .crop(_, let r) where r == root.output:
                index -= 1
            case .operation(.clamp(let lo, let hi), let r) where r == root.output && lo == .zero && hi == .one:
                root.instructions.remove(at: index)
                index -= 1
            default:
                return
            }
        }
    }
}
