import Foundation

/// Renders `CIImage` recipes: to memory, to `CGImage`s, to encoded files.
///
/// A context holds its options and a cache of intermediates; it is immutable apart from that cache and safe to
/// use from several threads at once (renders run concurrently). Rendering is tiled and uses every core (a
/// shared pool of threads), with consecutive per-pixel kernels fused into one pass. Differences from Apple:
/// CPU only (Metal, OpenGL and `CGContext` initializers are absent); `deferred: true` still renders at once.
public final class CIContext: NSObject, @unchecked Sendable {
    package let settings: RenderSettings
    package let cache: IntermediateCache
    private let statisticsLock = NSLock()
    private var statistics = RenderStatistics()
    private var lastError: (any Error)?

    /// A context with default options.
    public convenience override init() { self.init(options: nil) }

    /// A context with options (`CIContextOption`).
    public init(options: [CIContextOption: Any]? = nil) {
        var settings = RenderSettings()
        let options = options ?? [:]
        if let value = options[.workingColorSpace] {
            settings.workingSpace = value is NSNull ? nil : (value as? CGColorSpace) ?? settings.workingSpace
        }
        if let value = options[.outputColorSpace] {
            settings.outputSpace = value is NSNull ? nil : (value as? CGColorSpace) ?? settings.outputSpace
        }
        if let value = options[.workingFormat] {
            let raw = (value as? CIFormat)?.rawValue ?? FilterValues.number(value).map { Int32($0) } ?? CIFormat.RGBAh.rawValue
            if let format = CIFormat(rawValue: raw).pixelFormat, format.channels.count == 4 { settings.workingFormat = format }
        }
        if let format = ProcessInfo.processInfo.environment["CI_WORKING_FORMAT"].flatMap(CIContext.format(named:)) {
            settings.workingFormat = format
        }
        if let value = options[.cacheIntermediates].flatMap(FilterValues.number) { settings.cacheIntermediates = value != 0 }
        if let value = options[.outputPremultiplied].flatMap(FilterValues.number) { settings.outputPremultiplied = value != 0 }
        if options[.priorityRequestLow].flatMap(FilterValues.number) == 1 { settings.threads = max(1, settings.threads / 2) }
        if let name = options[.name] as? String { settings.contextName = name }
        settings.stopFlag = (options[.renderCancellation] as? CIRenderCancellation)?.flag
        settings.timeLimit = options[.renderTimeLimit].flatMap(FilterValues.number).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        self.settings = settings
        let limit = options[.memoryTarget].flatMap(FilterValues.number).map { Int($0) } ?? (512 << 20)
        cache = IntermediateCache(capacity: limit)
        super.init()
    }

    private static func format(named name: String) -> PixelFormat? {
        ["RGBAh": .rgbah, "RGBAf": .rgbaf, "RGBA8": .rgba8, "BGRA8": .bgra8][name]
    }

    /// The working colour space (`nil` when colour management is off).
    public var workingColorSpace: CGColorSpace? { settings.workingSpace }

    /// The format of intermediate buffers (default `.RGBAh`).
    public var workingFormat: CIFormat { CIFormat(settings.workingFormat) ?? .RGBAh }

    /// Empties the cache of intermediates.
    public func clearCaches() { cache.removeAll() }

    /// Frees what can be freed (the cache of intermediates).
    public func reclaimResources() { cache.removeAll() }

    /// Outputs larger than this on a side are refused (`nil` / thrown error / nothing rendered).
    static let maximumSide = 32768

    /// The largest input image size: 2¹⁵ pixels a side.
    public func inputImageMaximumSize() -> CGSize { CGSize(width: 32768, height: 32768) }

    /// The largest output image size: 2¹⁵ pixels a side (larger renders are refused).
    public func outputImageMaximumSize() -> CGSize { CGSize(width: CIContext.maximumSide, height: CIContext.maximumSide) }

    /// What the context's last render did (fusion, intermediates, rows read, tiles). Package API for tests and benchmarks.
    package var lastRenderStatistics: RenderStatistics {
        statisticsLock.lock(); defer { statisticsLock.unlock() }
        return statistics
    }

    /// Why the last render failed, if it did (e.g. a file that could not be decoded).
    package var lastRenderError: (any Error)? {
        statisticsLock.lock(); defer { statisticsLock.unlock() }
        return lastError
    }

    /// The settings of one render: the context's, the call's output space and `configure`'s tweaks, then the test
    /// overrides.
    package func renderSettings(outputSpace: CGColorSpace?, configure: ((inout RenderSettings) -> Void)? = nil) -> RenderSettings {
        var settings = self.settings
        settings.stop = RenderStop(flag: settings.stopFlag, timeLimit: settings.timeLimit)
        settings.outputSpace = outputSpace
        configure?(&settings)
        let overrides = renderOverrides
        if let w = overrides.tileWidth { settings.tileWidth = w; settings.shapesTiles = false }
        if let h = overrides.tileHeight { settings.tileHeight = h; settings.shapesTiles = false }
        if let t = overrides.threads { settings.threads = t }
        settings.reusesSharedStages = overrides.reusesSharedStages
        settings.computesOnStoredValues = overrides.computesOnStoredValues
        settings.fusesEightBitPasses = overrides.fusesEightBitPasses
        settings.streamsFromBands = overrides.streamsFromBands
        if let request = overrides.printTree { settings.printTree = request }
        return settings
    }

    /// Renders over the image's own decoded file when that is safe (`Renderer.renderInPlace` for per-pixel work,
    /// `renderStreamingOverSource` with neighbourhoods), returning the pixels; `nil` when it is not possible
    /// (nothing was rendered) or failed.
    package func renderInPlace(_ image: Image, bounds: PixelRect, format: PixelFormat, outputSpace: CGColorSpace?,
                               configure: ((inout RenderSettings) -> Void)? = nil) -> Bitmap? {
        let settings = renderSettings(outputSpace: outputSpace, configure: configure)
        let rendered = (try? Renderer.renderInPlace(image, rect: bounds, format: format, settings: settings))
            ?? (try? Renderer.renderStreamingOverSource(image, rect: bounds, format: format, settings: settings))
        guard let (bitmap, result) = rendered else { return nil }
        statisticsLock.lock(); statistics = result; lastError = nil; statisticsLock.unlock()
        return bitmap
    }

    /// Keeps a finished strip render's statistics as the last render's.
    package func recordStripRender(_ render: StripRender) {
        statisticsLock.lock(); statistics = render.statistics; lastError = nil; statisticsLock.unlock()
    }

    /// Keeps why a render failed as the last render's error.
    package func recordRenderFailure(_ error: any Error) {
        statisticsLock.lock(); lastError = error; statisticsLock.unlock()
    }

    /// Renders `image` over `bounds` into `destination`; returns whether it succeeded.
    @discardableResult
    package func render(_ image: Image, bounds: PixelRect, destination: Destination, outputSpace: CGColorSpace?,
                        configure: ((inout RenderSettings) -> Void)? = nil) -> Bool {
        let settings = renderSettings(outputSpace: outputSpace, configure: configure)
        do {
            let result = try Renderer.render(image, rect: bounds, into: destination, settings: settings,
                                             cache: settings.cacheIntermediates ? cache : nil)
            statisticsLock.lock(); statistics = result; lastError = nil; statisticsLock.unlock()
            return true
        } catch {
            statisticsLock.lock(); lastError = error; statisticsLock.unlock()
            return false
        }
    }

    /// Test hooks: tile size and thread count for the next renders of this context.
    package var renderOverrides: RenderOverrides {
        get { statisticsLock.lock(); defer { statisticsLock.unlock() }; return overrides }
        set { statisticsLock.lock(); overrides = newValue; statisticsLock.unlock() }
    }
    private var overrides = RenderOverrides()
}

/// Tile size, thread count and tree printing forced on a context's renders (tests, benchmarks, and the contexts
/// that render video frames).
package struct RenderOverrides: Sendable {
    /// For contexts that render the frames of a movie export: 256 × 256 tiles. A frame is small next to a photo, so
    /// smaller tiles cost nothing, and they halve each worker's scratch memory, which stays resident beside the
    /// encoder's look-ahead for the whole export (1440 × 1080 frames through a sharpen: 13 → 6.6 MB).
    package static let videoFrames = RenderOverrides(tileHeight: 256)

    package var tileWidth: Int?
    package var tileHeight: Int?
    package var threads: Int?
    package var printTree: TreePrintRequest?
    /// False to compute a node read by two stages once for each (see `RenderSettings.reusesSharedStages`).
    package var reusesSharedStages = true
    /// False to render rank filters and histograms in linear floats always (see `RenderSettings.computesOnStoredValues`).
    package var computesOnStoredValues = true
    /// False to run colour chains kernel by kernel always (see `RenderSettings.fusesEightBitPasses`).
    package var fusesEightBitPasses = true
    /// False to decode files whole before rendering always (see `RenderSettings.streamsFromBands`).
    package var streamsFromBands = true
    package init(tileWidth: Int? = nil, tileHeight: Int? = nil, threads: Int? = nil, printTree: TreePrintRequest? = nil,
                 reusesSharedStages: Bool = true, computesOnStoredValues: Bool = true, fusesEightBitPasses: Bool = true,
                 streamsFromBands: Bool = true) {
        (self.tileWidth, self.tileHeight, self.threads, self.printTree) = (tileWidth, tileHeight, threads, printTree)
        (self.reusesSharedStages, self.computesOnStoredValues) = (reusesSharedStages, computesOnStoredValues)
        (self.fusesEightBitPasses, self.streamsFromBands) = (fusesEightBitPasses, streamsFromBands)
    }
}
