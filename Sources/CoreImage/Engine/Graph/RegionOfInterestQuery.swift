import Foundation

/// Answers `CIImage.regionOfInterest(for:in:)`: the region of one input a recipe reads to produce a rectangle.
package enum RegionOfInterestQuery {
    /// The union of the regions read from `target`, or `nil` when `root` does not read it.
    package static func region(of target: Image, in root: Image, for rect: PixelRect) -> PixelRect? {
        var result: PixelRect?
        func visit(_ node: Image, _ rect: PixelRect) {
            if node === target { result = (result ?? .empty).union(rect); return }
            switch node.node {
            case .area(let kernel, let inputs):
                for (index, input) in inputs.enumerated() { visit(input, kernel.regionOfInterest(input: index, for: rect)) }
            case .processor(let processor, let inputs):
                for (index, input) in inputs.enumerated() { visit(input, processor.regionOfInterest(input: index, for: rect)) }
            case .reduction(let kernel, let input):
                visit(input, kernel.area)
            case .clamp(let clamp, let input):
                let x0 = min(max(rect.x, clamp.x), clamp.maxX - 1), x1 = min(max(rect.maxX - 1, clamp.x), clamp.maxX - 1)
                let y0 = min(max(rect.y, clamp.y), clamp.maxY - 1), y1 = min(max(rect.maxY - 1, clamp.y), clamp.maxY - 1)
                visit(input, PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1))
            case .crop(let crop, let input):
                visit(input, rect.intersection(crop))
            default:
                for input in node.inputs { visit(input, rect) }
            }
        }
        visit(root, rect)
        return result
    }
}
