import Foundation

/// Pass 4, regions of interest: starting from the rectangle the caller asked for, each stage's needed region
/// is computed backwards through the kernels' ROI functions (unioned where a stage has several readers).
/// Whole intermediates are allocated for exactly their region; per-tile stages recompute it per tile.
package enum RegionOfInterestPass {
    /// Stages in execution order (inputs before readers), with `region` set on each.
    @discardableResult
    package static func run(root: Stage, rect: PixelRect) -> [Stage] {
        let order = postOrder(root)
        for stage in order { stage.region = .empty }
        root.region = rect.intersection(root.extent)
        for stage in order.reversed() where !stage.region.isEmpty {
            let region = stage.region
            func need(_ child: Stage, _ rect: PixelRect) { child.region = child.region.union(rect.intersection(child.extent)) }
            switch stage {
            case let program as ProgramStage:
                for child in program.children { need(child, region) }
            case let area as AreaStage:
                for (index, input) in area.inputs.enumerated() { need(input, area.kernel.regionOfInterest(input: index, for: region)) }
            case let clamp as ClampStage:
                need(clamp.input, clamp.sourceRect(for: region))
            case let materialized as MaterializedStage:
                need(materialized.input, region)
            case let processor as ProcessorStage:
                for (index, input) in processor.inputs.enumerated() {
                    need(input, processor.processor.regionOfInterest(input: index, for: region))
                }
            case let reduction as ReductionStage:
                need(reduction.input, reduction.kernel.inputRegion(for: region))
            default:
                break
            }
        }
        for (index, stage) in order.enumerated() { stage.number = index }
        return order
    }

    /// Children before parents, each stage once.
    static func postOrder(_ root: Stage) -> [Stage] {
        var seen = Set<ObjectIdentifier>()
        var order: [Stage] = []
        func visit(_ stage: Stage) {
            guard seen.insert(ObjectIdentifier(stage)).inserted else { return }
            for child in stage.children { visit(child) }
            order.append(stage)
        }
        visit(root)
        return order
    }
}
