import Foundation
import ImageIO

/// A node of the lazy image graph (the engine's image): a recipe for pixels, never pixels themselves.
///
/// Values above sources are premultiplied RGBA in the render's working space (colour management inserts the
/// conversions when a render is compiled, see `Schedule`). Coordinates are y-up. Immutable and `Sendable`:
/// build graphs on any thread, share them freely. `digest` identifies the recipe (for caching intermediates).
package final class Image: Sendable {
    package enum Node: Sendable {
        /// Pixels in memory, tagged with their colour space (`nil`: not colour data, never matched).
        case bitmap(Bitmap, colorSpace: CGColorSpace?)
        /// Pixels produced on first use (a file decoded lazily), then kept.
        case lazy(LazySource)
        /// A per-pixel kernel over zero (a generator) or more inputs; the renderer fuses these.
        case pixel(any PixelKernel, [Image])
        /// A kernel that reads a neighbourhood of its inputs (blurs, warps, reductions).
        case area(any AreaKernel, [Image])
        /// A whole-area reduction to a few pixels (area average, histogram).
        case reduction(any ReductionKernel, Image)
        /// A CPU processor that needs its inputs and output as whole buffers (`CIImageProcessorKernel`).
        case processor(any ImageProcessor, [Image])
        /// Pixels outside the rectangle become clear.
        case crop(PixelRect, Image)
        /// Pixels outside the rectangle repeat the nearest edge pixel (an infinite extent).
        case clamp(PixelRect, Image)
        /// An explicit colour conversion between the working space and a colour space.
        case colorMatch(ColorMatch, Image)
        /// Sampling mode used by warps reading this image.
        case sampling(SamplingMode, Image)
        /// Render the input into a buffer of the working format (and cache it by digest when `cache`).
        case intermediate(Image, cache: Bool)
        /// Nothing: clear, empty extent.
        case empty
    }

    package let node: Node
    /// Where the image is defined (outside, pixels are clear). May be infinite.
    package let extent: CGRect
    /// A hash of the recipe: equal digests mean equal pixels.
    package let digest: UInt64
    /// Whether alpha is known to be 1 everywhere inside the extent.
    package let isOpaque: Bool

    package init(_ node: Node, extent: CGRect, isOpaque: Bool) {
        self.node = node
        self.extent = extent
        self.isOpaque = isOpaque
        self.digest = Image.digest(of: node, extent: extent)
    }

    /// The direct inputs of the node.
    package var inputs: [Image] {
        switch node {
        case .bitmap, .lazy, .empty: []
        case .pixel(_, let inputs), .area(_, let inputs), .processor(_, let inputs): inputs
        case .crop(_, let input), .clamp(_, let input), .colorMatch(_, let input), .sampling(_, let input): [input]
        case .intermediate(let input, _), .reduction(_, let input): [input]
        }
    }

    /// The empty image.
    package static let empty = Image(.empty, extent: .null, isOpaque: false)

    /// The integer pixel extent.
    package var pixelExtent: PixelRect { PixelRect(covering: extent) }
}

/// Direction of an explicit colour conversion.
package enum ColorMatch: Sendable, CustomStringConvertible {
    /// From `space` into the working space.
    case toWorking(CGColorSpace)
    /// From the working space into `space`.
    case fromWorking(CGColorSpace)

    package var description: String {
        switch self {
        case .toWorking(let space): "colormatch \(ColorSpaces.shortName(space)) → working"
        case .fromWorking(let space): "colormatch working → \(ColorSpaces.shortName(space))"
        }
    }
}

/// How warps sample an image between pixel centres.
package enum SamplingMode: Sendable { case linear, nearest }

/// Pixels made on first use: a decoded file. Thread-safe: the first render decodes, later ones reuse.
package final class LazySource: @unchecked Sendable {
    package let extent: CGRect
    package let colorSpace: CGColorSpace?
    package let identity: String
    package let isOpaque: Bool
    /// Makes a decoder of the file's rows in bands, for renders streamed in strips (`StripRender`); `nil` when
    /// the file is only decoded whole, and the decoder `nil` when this file cannot be read in bands.
    package let bandDecoder: (@Sendable () -> (any RowBandDecoder)?)?
    private let make: @Sendable () throws -> Bitmap
    private let lock = NSLock()
    private var made: Bitmap?

    package init(extent: CGRect, colorSpace: CGColorSpace?, identity: String, isOpaque: Bool,
                 bandDecoder: (@Sendable () -> (any RowBandDecoder)?)? = nil, make: @escaping @Sendable () throws -> Bitmap) {
        (self.extent, self.colorSpace, self.identity, self.isOpaque, self.make) = (extent, colorSpace, identity, isOpaque, make)
        self.bandDecoder = bandDecoder
    }

    /// Forgets the decoded pixels (the next render decodes again): renders for contexts that do not cache
    /// intermediates call this when they finish, so one-shot exports do not keep the decoded image alive.
    package func release() {
        lock.lock(); made = nil; lock.unlock()
    }

    /// The decoded pixels if they are in memory.
    package var decoded: Bitmap? {
        lock.lock(); defer { lock.unlock() }
        return made
    }

    /// The pixels, decoding them on first use.
    package func bitmap() throws -> Bitmap {
        lock.lock(); defer { lock.unlock() }
        if let made { return made }
        let bitmap = try make()
        made = bitmap
        return bitmap
    }
}
