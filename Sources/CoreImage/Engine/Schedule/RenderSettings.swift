import Foundation

/// Everything a render depends on besides the image: the context's options and the call's destination.
package struct RenderSettings: Sendable {
    /// The working space (`nil`: no colour management at all).
    package var workingSpace: CGColorSpace? = ColorSpaces.extendedLinearSRGB
    /// The format of intermediate buffers.
    package var workingFormat: PixelFormat = .rgbah
    /// The destination's colour space (`nil`: working values are written unconverted).
    package var outputSpace: CGColorSpace? = ColorSpaces.sRGB
    /// Whether destination colour components are premultiplied by alpha.
    package var outputPremultiplied = true
    package var cacheIntermediates = true
    /// Whether a node read by two stages of one program (a sharpen's input, read directly and through its blur)
    /// is computed once per tile and reused (`FusionPass.findSharedNodes`, `Stage.isShared`). Same pixels either
    /// way; off only to compare.
    package var reusesSharedStages = true
    /// Whether rank filters (morphology, the 3 × 3 median) of an opaque 8-bit sRGB bitmap into an 8-bit sRGB
    /// destination run on the stored bytes (`StoredValueRankRender`), and histograms of an 8-bit bitmap count its
    /// bytes (`StoredByteReduction`). Same results either way; off only to compare.
    package var computesOnStoredValues = true
    /// Whether colour chains from an 8-bit bitmap to an 8-bit sRGB destination run as one pass in registers
    /// (`FusedEightBitPass`). Same bytes either way; off only to compare.
    package var fusesEightBitPasses = true
    /// Whether JPEG exports of a file that can be decoded in bands are rendered strip by strip as they are encoded
    /// (`StripRender`). Same bytes either way; off only to compare.
    package var streamsFromBands = true
    package var tileWidth = 256
    package var tileHeight = 512
    /// Whether a render may trade the tiles' shape for wide ones of the same area (at least 64 rows high) where they cost
    /// almost no extra recomputation of neighbourhoods (`Schedule.wideTiles`). Off where a tile size is forced.
    package var shapesTiles = true
    /// Threads to use, at most the pool's size.
    package var threads = WorkerPool.shared.threadCount
    /// A file read in bands for this render (`StripRender`): its `LazySource` becomes the stand-in bitmap, whose
    /// bytes the strip renderer points at the decoded bands, instead of being decoded whole.
    package var bandedSource: (source: LazySource, standIn: Bitmap)?
    /// `CI_PRINT_TREE` flags (1 recipe, 2 optimized, 4 program) and options ("dot").
    package var printTree: TreePrintRequest? = TreePrintRequest.fromEnvironment()
    /// A label for printing (`CIContextOption.name`).
    package var contextName: String = "context"
    /// When the render must stop (cancellation flag, deadline); checked before every tile.
    package var stop = RenderStop()
    /// The flag and time limit each render's `stop` is made from (`CIContext` options).
    package var stopFlag: CancellationFlag?
    /// See `stopFlag`: seconds per render.
    package var timeLimit: Double?

    package init() {}
}
