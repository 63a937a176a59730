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
    package let settings: RenderSettings
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
        root = fusion.program(optimized)
        var destination = destination
        OutputConversionPass.fuseEncode(root, into: &destination)
        self.destination = destination
        bitmapLeaves = fusion.bitmapLeaves
        stages = RegionOfInterestPass.run(root: root, rect: rect)
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

    /// An 8-bit destination absorbs a trailing encode curve (then a 4096-entry table does curve and quantization).
    static func fuseEncode(_ root: ProgramStage, into destination: inout Destination) {
        guard destination.format.component == .uint8 else { return }
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
              curve.channels == 7, curve.encode8[0] == 0 else { return }
        root.instructions.remove(at: index)
        destination.encode8 = curve.encode8
        // The 8-bit store clamps to [0, 1] itself: trailing clamps to that range are redundant now.
        root.instructions.removeAll { instruction in
            if case .operation(.clamp(let lo, let hi), let r) = instruction { return r == root.output && lo == .zero && hi == .one }
            return false
        }
    }
}
