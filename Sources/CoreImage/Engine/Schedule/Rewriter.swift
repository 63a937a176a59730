import Foundation

/// Rewrites an image graph bottom-up, visiting every node once (shared subgraphs stay shared).
package struct Rewriter {
    private var done: [ObjectIdentifier: Image] = [:]

    package init() {}

    /// `transform(node, rewrittenInputs)` returns the node's replacement.
    package mutating func rewrite(_ image: Image, _ transform: (Image, [Image]) throws -> Image) rethrows -> Image {
        if let result = done[ObjectIdentifier(image)] { return result }
        var inputs: [Image] = []
        for input in image.inputs { inputs.append(try rewrite(input, transform)) }
        let result = try transform(image, inputs)
        done[ObjectIdentifier(image)] = result
        return result
    }
}

extension Image {
    /// The same node over other inputs (itself when they are the same objects).
    package func replacingInputs(_ newInputs: [Image]) -> Image {
        let old = inputs
        if old.count == newInputs.count && zip(old, newInputs).allSatisfy({ $0 === $1 }) { return self }
        let node: Node
        switch self.node {
        case .bitmap, .lazy, .empty: return self
        case .pixel(let kernel, _): node = .pixel(kernel, newInputs)
        case .area(let kernel, _): node = .area(kernel, newInputs)
        case .processor(let processor, _): node = .processor(processor, newInputs)
        case .crop(let rect, _): node = .crop(rect, newInputs[0])
        case .clamp(let rect, _): node = .clamp(rect, newInputs[0])
        case .colorMatch(let match, _): node = .colorMatch(match, newInputs[0])
        case .sampling(let mode, _): node = .sampling(mode, newInputs[0])
        case .intermediate(_, let cache): node = .intermediate(newInputs[0], cache: cache)
        case .reduction(let kernel, _): node = .reduction(kernel, newInputs[0])
        }
        return Image(node, extent: extent, isOpaque: isOpaque)
    }
}

extension Image {
    /// The same node marked opaque when its inputs (rewritten, so perhaps now known opaque) prove it opaque by the
    /// rule its builder uses; otherwise itself. Never marks an opaque node otherwise.
    package func refiningOpacity() -> Image {
        guard !isOpaque else { return self }
        let opaque: Bool
        switch node {
        case .pixel(let kernel, let inputs): opaque = !inputs.isEmpty && kernel.isOpaque(inputs: inputs)
        case .area(let kernel, let inputs): opaque = kernel.isOpaque(inputs: inputs)
        case .crop(_, let input), .clamp(_, let input), .sampling(_, let input), .colorMatch(_, let input), .intermediate(let input, _):
            opaque = input.isOpaque
        case .bitmap, .lazy, .reduction, .processor, .empty:
            opaque = false
        }
        return opaque ? Image(node, extent: extent, isOpaque: true) : self
    }
}
