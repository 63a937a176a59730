import Foundation

/// What a render did, as counted by the renderer itself: the evidence for fusion, ROI pruning and tiling.
/// `CIContext` keeps the statistics of its last render (`lastRenderStatistics`, package API).
package struct RenderStatistics: Sendable, CustomStringConvertible {
    /// Passes run over pixels: fused programs and neighbourhood kernels (a program run per tile counts once).
    package var passes = 0
    /// Pixel kernels folded into programs (after folding affine maps together).
    package var fusedKernels = 0
    /// Whole intermediate buffers allocated (materialized nodes, processor inputs/outputs), and their bytes.
    package var intermediateBuffers = 0
    package var intermediateBytes = 0
    /// Intermediates served from the context's cache instead of being rendered.
    package var intermediateCacheHits = 0
    /// Output buffers written (the destination, plus each intermediate's own buffer counted above).
    package var outputBuffers = 0
    /// Tiles rendered, over all phases, and the tile size and thread count used.
    package var tiles = 0
    package var tileWidth = 0
    package var tileHeight = 0
    package var threads = 0
    /// For each source bitmap (by serial number): the rectangle of pixels read (union) and pixels read in total.
    package var sourceReads: [UInt64: SourceRead] = [:]
    /// Tiles whose scratch did not fit the arena (should stay 0).
    package var arenaOverflows = 0
    /// Whether the output was written over the decoded source (`Renderer.renderInPlace`).
    package var renderedInPlace = false
    /// Reductions that counted an 8-bit bitmap's stored bytes (`StoredByteReduction`).
    package var storedByteReductions = 0
    /// Tiles of area kernels computed from an 8-bit bitmap's stored bytes (`StoredByteAreaKernel`).
    package var storedByteTiles = 0
    /// Bands of the source file decoded by a render streamed in strips (`StripRender`), and how many the file has.
    package var decodedBands = 0
    package var sourceBands = 0
    /// Pixels computed by the fused 8-bit pass (`FusedEightBitPass`).
    package var fusedEightBitPixels = 0
    /// The program graph as printed by `CI_PRINT_TREE=4`.
    package var programDescription = ""

    package struct SourceRead: Sendable, Hashable {
        package var rect: PixelRect
        package var pixels: Int
    }

    package init() {}

    package var description: String {
        "passes \(passes), fused kernels \(fusedKernels), intermediates \(intermediateBuffers) (\(intermediateBytes) B), "
            + "tiles \(tiles) of \(tileWidth)×\(tileHeight) on \(threads) thread(s), reads \(sourceReads.values.map { "\($0.rect)" })"
    }

    mutating func recordRead(source: UInt64, rect: PixelRect) {
        if var read = sourceReads[source] {
            read.rect = read.rect.union(rect)
            read.pixels += rect.area
            sourceReads[source] = read
        } else {
            sourceReads[source] = SourceRead(rect: rect, pixels: rect.area)
        }
    }

    mutating func merge(_ other: RenderStatistics) {
        for (source, read) in other.sourceReads {
            if var mine = sourceReads[source] {
                mine.rect = mine.rect.union(read.rect); mine.pixels += read.pixels; sourceReads[source] = mine
            } else { sourceReads[source] = read }
        }
        tiles += other.tiles
        arenaOverflows += other.arenaOverflows
        storedByteTiles += other.storedByteTiles
        fusedEightBitPixels += other.fusedEightBitPixels
    }
}
